ALTER TYPE "public"."import_row_status" ADD VALUE 'unchecked' BEFORE 'pending';--> statement-breakpoint
ALTER TYPE "public"."import_status" ADD VALUE 'checking' BEFORE 'previewed';