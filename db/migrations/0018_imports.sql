CREATE TYPE "public"."import_row_status" AS ENUM('pending', 'filed', 'failed', 'invalid');--> statement-breakpoint
CREATE TYPE "public"."import_source" AS ENUM('api', 'csv');--> statement-breakpoint
CREATE TYPE "public"."import_status" AS ENUM('previewed', 'queued', 'running', 'done');--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"body" jsonb NOT NULL,
	"album_key" text,
	"status" "import_row_status" NOT NULL,
	"request_id" integer,
	"error" jsonb,
	CONSTRAINT "import_rows_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"created_by_user_id" integer,
	"created_by_api_key_id" integer,
	"created_by_name" text NOT NULL,
	"source" "import_source" NOT NULL,
	"filename" text,
	"status" "import_status" NOT NULL,
	"keys" jsonb DEFAULT '{"albums":{},"licensees":{}}'::jsonb NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_rows_status_idx" ON "import_rows" USING btree ("import_id","status","row_number");--> statement-breakpoint
CREATE INDEX "imports_account_idx" ON "imports" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "imports_status_idx" ON "imports" USING btree ("status");