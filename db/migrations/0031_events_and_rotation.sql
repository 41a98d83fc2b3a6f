ALTER TYPE "public"."webhook_delivery_status" ADD VALUE 'expired';--> statement-breakpoint
ALTER TYPE "public"."webhook_event" ADD VALUE 'invoice.issued';--> statement-breakpoint
ALTER TYPE "public"."webhook_event" ADD VALUE 'invoice.paid';--> statement-breakpoint
ALTER TYPE "public"."webhook_event" ADD VALUE 'payment.recorded';--> statement-breakpoint
ALTER TYPE "public"."webhook_event" ADD VALUE 'request.credited';--> statement-breakpoint
ALTER TYPE "public"."webhook_event" ADD VALUE 'license.issued';--> statement-breakpoint
ALTER TYPE "public"."webhook_event" ADD VALUE 'import.finished';--> statement-breakpoint
ALTER TYPE "public"."webhook_event" ADD VALUE 'sales.alert';--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"type" "webhook_event" NOT NULL,
	"request_id" integer,
	"data" jsonb NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"position" bigint,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_position_unique" UNIQUE("position")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "event_id" bigint;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_account_position_idx" ON "events" USING btree ("account_id","position");--> statement-breakpoint
CREATE INDEX "events_unpositioned_idx" ON "events" USING btree ("id") WHERE "events"."position" is null;--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;