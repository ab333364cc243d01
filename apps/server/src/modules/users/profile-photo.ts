import { eq } from "drizzle-orm";
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE_MESSAGE, PHOTO_WRONG_TYPE_MESSAGE } from "@bureau/domain/account-rules";
import { type PhotoContentType, userPhotos, users } from "../../db/auth-schema.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";

/**
 * The image type of a file from its first bytes (its "magic number"), never from what the upload
 * claims: PNG, JPEG or WebP, else null.
 */
export function detectImageType(bytes: Uint8Array): PhotoContentType | null {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith([0xff, 0xd8, 0xff])) return "image/jpeg";
  // "RIFF" <4-byte size> "WEBP"
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

export function photoUrl(userId: string, version: Date) {
  return `/api/account/photo/${encodeURIComponent(userId)}?v=${version.getTime()}`;
}

/** Stores the photo and points the user's image at our own URL for it (versioned, so caches refresh). */
export async function saveProfilePhoto({ db, userId, bytes }: { db: Db; userId: string; bytes: Buffer }) {
  if (bytes.length === 0) throw new AppError("validation_failed", "Choose a photo to upload.", { photo: "is empty" });
  if (bytes.length > PHOTO_MAX_BYTES) {
    throw new AppError("payload_too_large", PHOTO_TOO_LARGE_MESSAGE);
  }
  const contentType = detectImageType(bytes);
  if (!contentType) {
    throw new AppError("unsupported_media_type", PHOTO_WRONG_TYPE_MESSAGE);
  }
  const updatedAt = new Date();
  const image = photoUrl(userId, updatedAt);
  await db.transaction(async (tx) => {
    await tx
      .insert(userPhotos)
      .values({ userId, contentType, bytes, updatedAt })
      .onConflictDoUpdate({ target: userPhotos.userId, set: { contentType, bytes, updatedAt } });
    await tx.update(users).set({ image, updatedAt }).where(eq(users.id, userId));
  });
  return { image, contentType };
}

export async function readProfilePhoto({ db, userId }: { db: Db; userId: string }) {
  const [photo] = await db.select().from(userPhotos).where(eq(userPhotos.userId, userId)).limit(1);
  return photo ?? null;
}
