import { expect } from "./fixtures.ts";

const port = Number(process.env.E2E_PORT ?? 3199);
const mailSinkUrl = `http://127.0.0.1:${port + 4}`;

export type ReceivedMail = { to: string[]; raw: string; text: string };

/** The e-mails the product has sent to an address (through its real outbox and SMTP). */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${mailSinkUrl}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as ReceivedMail[];
}

/** Waits for an e-mail to the address whose text matches, and returns it. */
export async function waitForMail(address: string, matching: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((mail) => matching.test(mail.text));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The confirmation link of the last verification e-mail sent to the address (waits for it). */
export async function verificationLinkFor(address: string): Promise<string> {
  const mail = await waitForMail(address, /Confirm your e-mail address for Harbour FX/);
  const link = /(https?:\/\/\S+\/verifyEmail\?token=\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  return link!;
}

/** The "This wasn't me" link of the last verification e-mail sent to the address (waits for it). */
export async function notMeLinkFor(address: string): Promise<string> {
  const mail = await waitForMail(address, /Confirm your e-mail address for Harbour FX/);
  const link = /(https?:\/\/\S+\/notMe\?token=\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  return link!;
}

/** The link of the last account closure e-mail sent to the address (waits for it). */
export async function closureLinkFor(address: string): Promise<string> {
  const mail = await waitForMail(address, /Close your Harbour FX account/);
  const link = /(https?:\/\/\S+\/closeAccount\?token=\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  return link!;
}

/** The link of the last password reset e-mail sent to the address (waits for it). */
export async function passwordResetLinkFor(address: string): Promise<string> {
  const mail = await waitForMail(address, /Reset your Harbour FX password/);
  const link = /(https?:\/\/\S+\/resetPassword\?token=\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  return link!;
}

/** The link of the last authenticator set-up e-mail sent to the address (waits for it). */
export async function authenticatorSetUpLinkFor(address: string): Promise<string> {
  const mail = await waitForMail(address, /Set up your authenticator for the Harbour FX staff area/);
  const link = /(https?:\/\/\S+\/account\/authenticator\?enrol=\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  return link!;
}
