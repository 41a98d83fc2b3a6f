CREATE TABLE "blanket_licensed_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blanket_licensed_services_name_key_unique" UNIQUE("name_key")
);
--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "officers" text;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "agent_authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "agent_authorized_by" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "catalog_number" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "manufacture_date" date;--> statement-breakpoint
ALTER TABLE "song_owners" ADD COLUMN "notice_email_designated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "served_carrier" text;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "served_tracking_number" text;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "filing_reference" text;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "late_attestation" jsonb;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "accepted_on" date;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "acceptance_reference" text;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD COLUMN "acceptance_terms" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "eligibility" jsonb;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "eligibility_override" jsonb;--> statement-breakpoint
-- Hand-written: a physical release's notices are due within 30 days of its manufacture as well as before the release
-- month (17 U.S.C. § 115(b)(1)), so the request's copy of its release's part of the due date (migration 0023) is the
-- earlier of the two. least() skips a null manufacture date.
CREATE OR REPLACE FUNCTION request_release_due_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.release_due_on := coalesce((SELECT least(make_date(release_year, release_month, 1) - 1, manufacture_date + 30) FROM releases WHERE id = NEW.release_id), NEW.release_due_on);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION keep_release_due_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests SET release_due_on = least(make_date(NEW.release_year, NEW.release_month, 1) - 1, NEW.manufacture_date + 30) WHERE release_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "releases_due_on_changed" ON "releases";--> statement-breakpoint
CREATE TRIGGER "releases_due_on_changed" AFTER UPDATE OF "release_year", "release_month", "manufacture_date" ON "releases" FOR EACH ROW
  WHEN (OLD."release_year" <> NEW."release_year" OR OLD."release_month" <> NEW."release_month" OR OLD."manufacture_date" IS DISTINCT FROM NEW."manufacture_date")
  EXECUTE FUNCTION keep_release_due_on();--> statement-breakpoint
-- The services that hold the MLC's blanket license for interactive streams in the US (staff keep the list current).
INSERT INTO "blanket_licensed_services" ("name", "name_key") VALUES
  ('Spotify', 'spotify'), ('Apple Music', 'apple music'), ('Amazon Music', 'amazon music'),
  ('YouTube Music', 'youtube music'), ('YouTube', 'youtube'), ('Tidal', 'tidal'), ('Deezer', 'deezer'),
  ('Pandora', 'pandora'), ('SoundCloud', 'soundcloud'), ('Napster', 'napster'), ('iHeartRadio', 'iheartradio'),
  ('Qobuz', 'qobuz'), ('Audiomack', 'audiomack');--> statement-breakpoint
-- Licensees filed before the authorization was recorded were filed under the same terms of service: the client's
-- filing authorized the agency then, so it is dated by the licensee's creation (docs/decisions/licensee-details-and-agency.md).
UPDATE "licensees" SET "agent_authorized_at" = "date_added", "agent_authorized_by" = 'the filing client (recorded before 2026-12)';
