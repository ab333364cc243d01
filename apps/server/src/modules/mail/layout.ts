import type { DisplayDates } from "@bureau/domain/dates";
import { type Html, html } from "./html.ts";
import type { MailSources } from "./mail-sources.ts";

/** An image the HTML shows by `cid:` (an inline attachment): mail clients display it without fetching. */
export type InlineImage = { filename: string; content: Buffer; cid: string; contentType: string };

/** `headers`: extra message headers a kind needs (the alert e-mails' List-Unsubscribe). */
export type RenderedMail = {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  attachments?: InlineImage[];
};

/** What every renderer is given besides its message's data. */
export type MailContext = { publicUrl: string; dates: DisplayDates; sources: MailSources };

/** Renders one kind of message from its outbox data; null when there is nothing to send. */
export type MailRenderer = (
  data: Record<string, unknown>,
  context: MailContext,
) => RenderedMail | null | Promise<RenderedMail | null>;

/** The page every e-mail's HTML part is: its title, the body, and the bureau's address. */
export function layout(title: string, body: Html, publicUrl: string): string {
  return html`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family:Arial,sans-serif;color:#14213d;line-height:1.5">
<h1 style="color:#0b3954">${title}</h1>${body}
<p style="color:#4a5568;font-size:13px">Harbour FX · <a href="${publicUrl}">${publicUrl}</a></p>
</body></html>`.value;
}
