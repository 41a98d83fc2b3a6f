CREATE TYPE "public"."invoice_line_kind" AS ENUM('request', 'volume_discount');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('open', 'paid', 'void');--> statement-breakpoint
CREATE TYPE "public"."ledger_account" AS ENUM('cash', 'receivable', 'client_balance', 'royalties_held', 'fees_earned', 'royalties_payable');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('bank_transfer', 'check', 'balance', 'refund');--> statement-breakpoint
ALTER TYPE "public"."status_code" ADD VALUE 'need_payment' BEFORE 'in_progress';--> statement-breakpoint
CREATE TABLE "fee_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"song_fee" integer NOT NULL,
	"reorder_basis_points" integer NOT NULL,
	"tiers" jsonb NOT NULL,
	"created_by_name" text NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_schedules_song_fee" CHECK ("fee_schedules"."song_fee" >= 0),
	CONSTRAINT "fee_schedules_reorder" CHECK ("fee_schedules"."reorder_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"kind" "invoice_line_kind" NOT NULL,
	"request_id" integer,
	"description" text NOT NULL,
	"units" integer,
	"royalty" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"status" "invoice_status" DEFAULT 'open' NOT NULL,
	"total" bigint NOT NULL,
	"settled" bigint DEFAULT 0 NOT NULL,
	"issued_by_name" text NOT NULL,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"memo" text NOT NULL,
	"account_id" integer,
	"invoice_id" integer,
	"request_id" integer,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"ledger_account" "ledger_account" NOT NULL,
	"client_account_id" integer,
	"owner_id" integer,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"owner_id" integer NOT NULL,
	"owner_name" text NOT NULL,
	"earned" bigint NOT NULL,
	"owed" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"invoice_id" integer,
	"kind" "payment_kind" NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"received_on" date NOT NULL,
	"recorded_by_name" text NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"total" bigint NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by_name" text,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batches_month_unique" UNIQUE("month")
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"owner_name" text NOT NULL,
	"owner_email" text,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_runs" (
	"month" text PRIMARY KEY NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	"created_by_name" text NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Hand-written (reference data and backfill): the default fee schedule, $16.99 per song per format, reorders at half,
-- 10% off the fee from an invoice's 10th song and 20% from its 50th; requests filed before it get its quote.
INSERT INTO "fee_schedules" ("song_fee", "reorder_basis_points", "tiers", "created_by_name")
VALUES (169900, 5000, '[{"fromSong":10,"discountBasisPoints":1000},{"fromSong":50,"discountBasisPoints":2000}]', 'CoverDesk');--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "service_fee" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "fee_schedule_id" integer;--> statement-breakpoint
UPDATE "requests" r SET "fee_schedule_id" = 1, "service_fee" = CASE
  WHEN t."medley" THEN 0 WHEN r."kind" = 'reorder' THEN 84950 ELSE 169900 END
FROM "tracks" t WHERE t."id" = r."track_id";--> statement-breakpoint
ALTER TABLE "requests" ALTER COLUMN "service_fee" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ALTER COLUMN "fee_schedule_id" SET NOT NULL;--> statement-breakpoint
-- Hand-written: every ledger entry must balance when its transaction commits.
CREATE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum("amount"), 0) FROM "ledger_postings" WHERE "entry_id" = NEW."entry_id") <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance', NEW."entry_id" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_postings_balanced" AFTER INSERT OR UPDATE ON "ledger_postings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_client_account_id_accounts_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_owner_id_song_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."song_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statements" ADD CONSTRAINT "owner_statements_month_statement_runs_month_fk" FOREIGN KEY ("month") REFERENCES "public"."statement_runs"("month") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statements" ADD CONSTRAINT "owner_statements_owner_id_song_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."song_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_month_statement_runs_month_fk" FOREIGN KEY ("month") REFERENCES "public"."statement_runs"("month") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_owner_id_song_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."song_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_request_idx" ON "invoice_lines" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_number_unique" ON "invoices" USING btree ("year","number");--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("account_id","date_added");--> statement-breakpoint
CREATE INDEX "ledger_entries_date_idx" ON "ledger_entries" USING btree ("date_added");--> statement-breakpoint
CREATE INDEX "ledger_entries_request_idx" ON "ledger_entries" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_client_idx" ON "ledger_postings" USING btree ("client_account_id","ledger_account");--> statement-breakpoint
CREATE INDEX "ledger_postings_owner_idx" ON "ledger_postings" USING btree ("owner_id","ledger_account");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_statements_month_owner_unique" ON "owner_statements" USING btree ("month","owner_id");--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("account_id","date_added");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_items_batch_owner_unique" ON "payout_items" USING btree ("batch_id","owner_id");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_fee_schedule_id_fee_schedules_id_fk" FOREIGN KEY ("fee_schedule_id") REFERENCES "public"."fee_schedules"("id") ON DELETE no action ON UPDATE no action;