ALTER TABLE "sessions" ADD COLUMN "staff_active_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "second_factor_enrolment_links" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"issued_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "second_factor_enrolment_links" ADD CONSTRAINT "second_factor_enrolment_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
