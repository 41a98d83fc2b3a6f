CREATE TYPE "public"."notification_kind" AS ENUM('invoice_issued', 'payment_received', 'licensing_begun', 'licensed', 'cannot_license', 'wall_post');--> statement-breakpoint
CREATE TYPE "public"."notification_mode" AS ENUM('immediate', 'daily', 'off');--> statement-breakpoint
ALTER TYPE "public"."outbox_purpose" ADD VALUE 'licensee_notification';--> statement-breakpoint
ALTER TYPE "public"."payment_kind" ADD VALUE 'card';--> statement-breakpoint
CREATE TABLE "digest_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"digest_day" date,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"mode" "notification_mode" NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "user_digests" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"outbox_message_id" integer,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_digests_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"session_id" text NOT NULL,
	"payment_id" integer,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unsubscribe_token" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "kind" "notification_kind";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_on" date;--> statement-breakpoint
-- Invoices issued before terms existed: due 14 days (the default terms) after the day they were issued.
UPDATE "invoices" SET "due_on" = ("date_added" AT TIME ZONE 'UTC')::date + 14;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "due_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voided_by_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "digest_items" ADD CONSTRAINT "digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_digests" ADD CONSTRAINT "user_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_digests" ADD CONSTRAINT "user_digests_outbox_message_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_items_waiting_idx" ON "digest_items" USING btree ("user_id","id") WHERE "digest_items"."digest_day" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_events_session_paid_unique" ON "stripe_events" USING btree ("session_id") WHERE "stripe_events"."payment_id" is not null;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_unsubscribe_token_unique" UNIQUE("unsubscribe_token");