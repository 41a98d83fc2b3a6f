CREATE INDEX "requests_account_date_idx" ON "requests" USING btree ("account_id","date_added","id");--> statement-breakpoint
CREATE INDEX "requests_date_idx" ON "requests" USING btree ("date_added","id");--> statement-breakpoint
CREATE INDEX "requests_open_date_idx" ON "requests" USING btree ("date_added","id") WHERE status_code not in ('licensed', 'cannot_license', 'cancelled');