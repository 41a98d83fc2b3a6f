CREATE TYPE "public"."visibility" AS ENUM('public', 'private', 'staff');--> statement-breakpoint
ALTER TYPE "public"."outbox_purpose" ADD VALUE 'client_notification';--> statement-breakpoint
ALTER TABLE "request_status_events" ADD COLUMN "note_visibility" "visibility" DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "changed_since_ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "royalty_total_before_change" bigint;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD COLUMN "visibility" "visibility" DEFAULT 'private' NOT NULL;--> statement-breakpoint
-- Carry the old booleans over before they go (edited by hand: drizzle-kit cannot know the mapping).
UPDATE "request_status_events" SET "note_visibility" = 'private' WHERE "note_private";--> statement-breakpoint
UPDATE "wall_posts" SET "visibility" = 'public' WHERE NOT "is_private";--> statement-breakpoint
ALTER TABLE "request_status_events" DROP COLUMN "note_private";--> statement-breakpoint
ALTER TABLE "wall_posts" DROP COLUMN "is_private";