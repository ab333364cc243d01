export {
  enqueueMail,
  type MailKind,
  notifyMailerOnceCounting,
  payloadKeptAfterSending,
  queuedMail,
  wakeMailer,
} from "./enqueue-mail.ts";
export { renderMail } from "./render-mail.ts";
