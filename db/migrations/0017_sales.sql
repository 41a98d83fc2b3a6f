ALTER TYPE "public"."webhook_event" ADD VALUE 'sales.threshold_reached';--> statement-breakpoint
CREATE TABLE "sales_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"release_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"format_id" integer NOT NULL,
	"level" integer NOT NULL,
	"licensed_units" integer NOT NULL,
	"sold_units" integer NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_alerts_level" CHECK ("sales_alerts"."level" in (80, 100))
);
--> statement-breakpoint
CREATE TABLE "sales_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"release_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"format_id" integer NOT NULL,
	"sold_on" date NOT NULL,
	"store" text NOT NULL,
	"units" integer NOT NULL,
	"batch_id" uuid NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_lines_units_positive" CHECK ("sales_lines"."units" > 0)
);
--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "isrc" text;--> statement-breakpoint
ALTER TABLE "sales_alerts" ADD CONSTRAINT "sales_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_alerts" ADD CONSTRAINT "sales_alerts_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_alerts" ADD CONSTRAINT "sales_alerts_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_alerts" ADD CONSTRAINT "sales_alerts_format_id_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_format_id_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_alerts_once_idx" ON "sales_alerts" USING btree ("track_id","format_id","licensed_units","level");--> statement-breakpoint
CREATE INDEX "sales_alerts_account_idx" ON "sales_alerts" USING btree ("account_id","date_added");--> statement-breakpoint
CREATE INDEX "sales_lines_track_format_idx" ON "sales_lines" USING btree ("track_id","format_id","sold_on");--> statement-breakpoint
CREATE INDEX "sales_lines_release_idx" ON "sales_lines" USING btree ("release_id","sold_on");