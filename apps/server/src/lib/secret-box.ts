import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Authenticated encryption (AES-256-GCM) of small secrets kept in the database, such as staff
 * authenticator secrets, with a key derived from AUTH_SECRET for one purpose: a copy of the database
 * alone does not reveal them.
 */
function keyFor(authSecret: string, purpose: string): Buffer {
  return createHash("sha256").update(`${purpose}\0${authSecret}`, "utf8").digest();
}

export function sealSecret(plain: string, authSecret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(authSecret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

export function openSecret(sealed: string, authSecret: string, purpose: string): string {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body) throw new Error("sealed secret is malformed");
  const decipher = createDecipheriv("aes-256-gcm", keyFor(authSecret, purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}
