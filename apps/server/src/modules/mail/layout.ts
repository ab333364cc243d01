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

/** A part of an e-mail written once for each of its two forms: HTML (built with `html`, so escaped) and plain text. */
export type MailSection = { html: Html; text: string };

/**
 * The one template of every e-mail the bureau sends: the brand's header, the title, the message's own
 * body, an order's branch and deadline where an order is concerned (order-mail-renderers.ts), and the
 * footer, in HTML and in plain text alike. Every value reaches the HTML through `html`, which escapes it;
 * the renderers pass their body already built with it.
 */
export function brandedMail({
  subject,
  title,
  body,
  publicUrl,
  sections = [],
  headers,
  attachments,
}: {
  subject: string;
  title: string;
  body: MailSection;
  publicUrl: string;
  /** Added after the body, in order (an order's branch card). */
  sections?: MailSection[];
  headers?: Record<string, string> | undefined;
  attachments?: InlineImage[] | undefined;
}): RenderedMail {
  const parts = [body, ...sections];
  const htmlPart =
    html`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="margin:0;background:#f4f6f8;font-family:Arial,sans-serif;color:#14213d;line-height:1.5">
<div style="max-width:600px;margin:0 auto;background:#ffffff">
<div style="background:#0b3954;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">Harbour FX</div>
<div style="padding:8px 24px 16px">
<h1 style="color:#0b3954;font-size:22px">${title}</h1>${parts.map((part) => part.html)}
</div>
<p style="color:#4a5568;font-size:13px;padding:12px 24px;border-top:1px solid #d9dee4;margin:0">Harbour FX · <a href="${publicUrl}">${publicUrl}</a></p>
</div>
</body></html>`.value;
  const text = [
    "HARBOUR FX",
    "",
    title,
    "=".repeat(title.length),
    "",
    parts.map((part) => part.text.trim()).join("\n\n"),
    "",
    "--",
    `Harbour FX · ${publicUrl}`,
  ].join("\n");
  return {
    subject,
    text,
    html: htmlPart,
    ...(headers ? { headers } : {}),
    ...(attachments ? { attachments } : {}),
  };
}
