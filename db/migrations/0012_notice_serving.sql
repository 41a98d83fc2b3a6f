CREATE TYPE "public"."notice_method" AS ENUM('mail', 'email', 'copyright_office');--> statement-breakpoint
ALTER TABLE "song_owners" ADD COLUMN "postal_address" text;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "served_on" date;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "served_method" "notice_method";--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "served_note" text;