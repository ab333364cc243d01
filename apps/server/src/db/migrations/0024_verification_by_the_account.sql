-- An address verified by the old verification link (a GET that needed no session) may have been verified
-- by a mail scanner or a click for a stranger's account: customer accounts signing in with a password
-- confirm their address again, signed in (decision 030). Staff accounts and accounts of a provider that
-- vouches for the address (Google, OpenID Connect) keep theirs.
UPDATE "users" SET "email_verified" = false, "updated_at" = now()
WHERE "email_verified" = true AND "role" = 'user'
  AND EXISTS (SELECT 1 FROM "accounts" a WHERE a."user_id" = "users"."id" AND a."provider_id" = 'credential')
  AND NOT EXISTS (SELECT 1 FROM "accounts" a WHERE a."user_id" = "users"."id" AND a."provider_id" <> 'credential');
--> statement-breakpoint
CREATE INDEX "users_unverified_created_idx" ON "users" USING btree ("created_at") WHERE "users"."email_verified" = false;
