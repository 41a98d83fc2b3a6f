CREATE TYPE "public"."client_role" AS ENUM('admin', 'member');--> statement-breakpoint
CREATE TYPE "public"."outbox_purpose" AS ENUM('staff_notification', 'one_time_link');--> statement-breakpoint
CREATE TYPE "public"."password_token_purpose" AS ENUM('reset', 'set_password');--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" "role" NOT NULL,
	"client_role" "client_role",
	"account_id" integer,
	"licensee_id" uuid,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"invited_by_user_id" integer,
	"invited_by_name" text NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	"revoked_at" timestamp with time zone,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "invitations_role_scope" CHECK (("invitations"."role" = 'employee' and "invitations"."account_id" is null and "invitations"."licensee_id" is null and "invitations"."client_role" is null)
        or ("invitations"."role" = 'client' and "invitations"."account_id" is not null and "invitations"."licensee_id" is null and "invitations"."client_role" is not null)
        or ("invitations"."role" = 'licensee' and "invitations"."account_id" is not null and "invitations"."licensee_id" is not null and "invitations"."client_role" is null))
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" "password_token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_scope";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "role" "client_role";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "purpose" "outbox_purpose" DEFAULT 'staff_notification' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "client_role" "client_role";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_licensee_id_licensees_id_fk" FOREIGN KEY ("licensee_id") REFERENCES "public"."licensees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_account_idx" ON "invitations" USING btree ("account_id","date_added");--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "password_tokens_user_idx" ON "password_tokens" USING btree ("user_id","date_added");--> statement-breakpoint
CREATE INDEX "users_account_idx" ON "users" USING btree ("account_id");--> statement-breakpoint
-- Existing client users and client keys were their accounts' admins (hand-added: the checks below need a role).
UPDATE "users" SET "client_role" = 'admin' WHERE "role" = 'client';--> statement-breakpoint
UPDATE "api_keys" SET "role" = 'admin' WHERE "account_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_role_scope" CHECK (("api_keys"."account_id" is null) = ("api_keys"."role" is null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_scope" CHECK (("users"."role" = 'employee' and "users"."account_id" is null and "users"."licensee_id" is null and "users"."client_role" is null)
        or ("users"."role" = 'client' and "users"."account_id" is not null and "users"."licensee_id" is null and "users"."client_role" is not null)
        or ("users"."role" = 'licensee' and "users"."account_id" is not null and "users"."licensee_id" is not null and "users"."client_role" is null));