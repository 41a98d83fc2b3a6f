ALTER TYPE "public"."ledger_account" ADD VALUE 'late_fees';--> statement-breakpoint
DROP INDEX "owner_statements_month_owner_unique";--> statement-breakpoint
ALTER TABLE "song_owners" ADD COLUMN "payout_minimum" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "units" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "rate_per_unit" integer;--> statement-breakpoint
ALTER TABLE "owner_statements" ADD COLUMN "licensee_id" uuid;--> statement-breakpoint
ALTER TABLE "owner_statements" ADD COLUMN "licensee_name" text;--> statement-breakpoint
ALTER TABLE "payout_items" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "payout_items" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_items" ADD COLUMN "late_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_statements" ADD CONSTRAINT "owner_statements_licensee_id_licensees_id_fk" FOREIGN KEY ("licensee_id") REFERENCES "public"."licensees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_statements_month_owner_licensee_unique" ON "owner_statements" USING btree ("month","owner_id","licensee_id");--> statement-breakpoint
-- Batches paid before items were paid one by one: their items (not the held ones) were paid with the batch.
UPDATE "payout_items" SET "paid_at" = "payout_batches"."paid_at"
  FROM "payout_batches"
  WHERE "payout_batches"."id" = "payout_items"."batch_id" AND "payout_batches"."paid_at" IS NOT NULL
    AND "payout_items"."held_reason" IS NULL;--> statement-breakpoint
-- Every item is due by the 20th of the month after its batch's month.
UPDATE "payout_items" SET "due_on" = ("payout_batches"."month" || '-20')::date + interval '1 month'
  FROM "payout_batches"
  WHERE "payout_batches"."id" = "payout_items"."batch_id";
