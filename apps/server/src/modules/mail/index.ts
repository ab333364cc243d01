export {
  enqueueMail,
  type MailKind,
  notifyMailerOnceCounting,
  payloadKeptAfterSending,
  wakeMailer,
} from "./enqueue-mail.ts";
export type { RenderedMail } from "./layout.ts";
export type { MailSources, OrderMailContent, RateAlertMailContent } from "./mail-sources.ts";
export { renderMessage } from "./render-mail.ts";
