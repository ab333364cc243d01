-- Single-use identifiers (password reset tokens, OAuth states) are now stored as better-auth stores them
-- with verification.storeIdentifier "hashed": the unpadded base64url SHA-256 of the identifier. Rows
-- written before are hashed here the same way, so that no working reset token stays readable at rest.
UPDATE "verifications"
SET "identifier" = rtrim(translate(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '+/', '-_'), '=');
--> statement-breakpoint
-- Verification and reset e-mails already sent (or given up) keep who and when, not their working link.
UPDATE "outbox"
SET "payload" = jsonb_build_object('to', "payload" -> 'to', 'data', jsonb_build_object('link', 'removed after sending'))
WHERE "kind" IN ('email-verification', 'password-reset') AND "status" <> 'pending';
