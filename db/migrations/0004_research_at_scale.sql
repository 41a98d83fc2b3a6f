CREATE TYPE "public"."notice_route" AS ENUM('owner', 'copyright_office', 'none');--> statement-breakpoint
CREATE TYPE "public"."request_cost_kind" AS ENUM('copyright_office_filing');--> statement-breakpoint
CREATE TABLE "copyright_office_fees" (
	"effective_from" date PRIMARY KEY NOT NULL,
	"notice_of_intention" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_digests" (
	"day" date PRIMARY KEY NOT NULL,
	"notices" integer NOT NULL,
	"outbox_message_id" integer,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"kind" "request_cost_kind" NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"owner_notice_id" integer,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_costs_owner_notice_id_unique" UNIQUE("owner_notice_id")
);
--> statement-breakpoint
ALTER TABLE "catalog_songs" ADD COLUMN "title_normalised" text GENERATED ALWAYS AS (normalise_title("title")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_songs" ADD COLUMN "title_keys" text[] GENERATED ALWAYS AS (title_keys("title")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "formats" ADD COLUMN "physical" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "route" "notice_route" DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "owner_not_found_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "owner_not_found_by_name" text;--> statement-breakpoint
ALTER TABLE "daily_digests" ADD CONSTRAINT "daily_digests_outbox_message_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_costs" ADD CONSTRAINT "request_costs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_costs" ADD CONSTRAINT "request_costs_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_costs" ADD CONSTRAINT "request_costs_owner_notice_id_owner_notices_id_fk" FOREIGN KEY ("owner_notice_id") REFERENCES "public"."owner_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_costs_request_idx" ON "request_costs" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "catalog_songs_title_keys_idx" ON "catalog_songs" USING gin ("title_keys") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "catalog_songs_title_trgm_idx" ON "catalog_songs" USING gist ("title_normalised" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "owner_notices_unserved_idx" ON "owner_notices" USING btree ("request_id") WHERE "owner_notices"."served_at" is null;