-- Whether the address was verified by the old verification link (a GET that needed no session, decision
-- 030): such an account confirms its address again, signed in, but is not an abandoned sign-up, so the
-- removal of unconfirmed accounts after 7 days leaves it alone.
ALTER TABLE "users" ADD COLUMN "legacy_link_verified" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- An address verified by that link may have been verified by a mail scanner or a click for a stranger's
-- account: customer accounts signing in with a password confirm their address again. Staff accounts and
-- accounts of a provider that vouches for the address (Google, OpenID Connect) keep theirs.
UPDATE "users" SET "email_verified" = false, "legacy_link_verified" = true, "updated_at" = now()
WHERE "email_verified" = true AND "role" = 'user'
  AND EXISTS (SELECT 1 FROM "accounts" a WHERE a."user_id" = "users"."id" AND a."provider_id" = 'credential')
  AND NOT EXISTS (SELECT 1 FROM "accounts" a WHERE a."user_id" = "users"."id" AND a."provider_id" <> 'credential');
--> statement-breakpoint
CREATE INDEX "users_unverified_created_idx" ON "users" USING btree ("created_at") WHERE "users"."email_verified" = false;
