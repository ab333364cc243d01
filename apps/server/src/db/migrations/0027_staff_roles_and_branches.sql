-- Staff roles per branch (issue 33, decision 035): cashier, manager, MLRO and admin; customers stay "user".
ALTER TABLE "users" DROP CONSTRAINT IF EXISTS "users_role_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" in ('user', 'cashier', 'manager', 'mlro', 'admin'));--> statement-breakpoint
-- A disabled account cannot sign in and has no session; nothing of it is deleted.
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "staff_branches" (
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "branch_key" text NOT NULL REFERENCES "branches"("key"),
  CONSTRAINT "staff_branches_pkey" PRIMARY KEY ("user_id", "branch_key")
);
