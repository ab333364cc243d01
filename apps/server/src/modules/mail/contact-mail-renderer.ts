import { html } from "./html.ts";
import { brandedMail, type MailRenderer } from "./layout.ts";

/** A message from the contact form, to the support address. */
export const renderContactToSupport: MailRenderer = (data, { publicUrl }) => {
  const subject = `Contact form: ${String(data.name ?? "").slice(0, 80)}`;
  const text = `Name: ${data.name}\nEmail: ${data.email}\nPhone: ${data.phone ?? "-"}\n\n${data.message}`;
  const body = html`<p><strong>Name:</strong> ${data.name}<br><strong>Email:</strong> ${data.email}<br><strong>Phone:</strong> ${data.phone ?? "-"}</p>
<p style="white-space:pre-wrap">${data.message}</p>`;
  return brandedMail({ subject, title: "Contact form message", body: { html: body, text }, publicUrl });
};
