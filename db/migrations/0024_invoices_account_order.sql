DROP INDEX "invoices_account_idx";--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("account_id","id");