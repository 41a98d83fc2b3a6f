ALTER TYPE "public"."invoice_line_kind" ADD VALUE 'office_fee';--> statement-breakpoint
ALTER TABLE "statutory_rates" ADD COLUMN "entered_by_name" text;--> statement-breakpoint
ALTER TABLE "statutory_rates" ADD COLUMN "date_added" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "owner_identified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "owner_identified_by_name" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "royalty_provisional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "royalty_not_payable" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "credited_royalty" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "office_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: `owing` (migration 0022) now compares what is payable (the royalty less owners' shares nobody can be
-- paid) with what the live lines hold less what was given back to the balance since, and the fee with the service fee
-- plus the Copyright Office filing fees to bill. lib/billing/requests-owing.ts mirrors it.
CREATE OR REPLACE FUNCTION request_owing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owing := NEW.status_code::text IN ('need_payment', 'in_progress', 'licensed')
    AND ((NEW.royalty_total - NEW.royalty_not_payable + 50) / 100 * 100 > NEW.invoiced_royalty - NEW.credited_royalty
      OR (NEW.service_fee + 50) / 100 * 100 + NEW.office_fee > NEW.invoiced_fee);
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "requests_owing" ON "requests";--> statement-breakpoint
CREATE TRIGGER "requests_owing" BEFORE INSERT OR UPDATE OF "status_code", "royalty_total", "service_fee", "invoiced_royalty", "invoiced_fee", "owing",
  "royalty_not_payable", "credited_royalty", "office_fee"
  ON "requests" FOR EACH ROW EXECUTE FUNCTION request_owing();--> statement-breakpoint
-- Requests of a statutory format released in a year after the last rate row were priced at that row's rate.
UPDATE "requests" r SET "royalty_provisional" = true FROM "releases" rel, "formats" f
  WHERE rel.id = r.release_id AND f.id = rel.format_id AND f.royalty_kind = 'statutory'
    AND rel.release_year > (SELECT max(year) FROM "statutory_rates");
