ALTER TABLE "requests" ADD COLUMN "assignee_user_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_assignee_idx" ON "requests" USING btree ("assignee_user_id","status_code");