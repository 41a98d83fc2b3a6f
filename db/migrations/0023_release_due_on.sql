ALTER TABLE "requests" ADD COLUMN "release_due_on" date DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
-- Hand-written: each request carries the day before its release's month begins, the release's part of its notices'
-- due date (noticeDueOn in lib/licensing/notice-due-on.ts), so the deadline counts read one index of the open requests
-- instead of looking up every open request's release. Kept in the writing transaction by triggers, never by the app:
-- on a request's insert or move to another release (or a direct write of the column, which is overridden), and on a
-- release's change of month or year. The default of the column above is never kept: the insert trigger replaces it.
CREATE FUNCTION request_release_due_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A release that does not exist keeps the value, and the foreign key refuses the row with its own error.
  NEW.release_due_on := coalesce((SELECT make_date(release_year, release_month, 1) - 1 FROM releases WHERE id = NEW.release_id), NEW.release_due_on);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "requests_release_due_on" BEFORE INSERT OR UPDATE OF "release_id", "release_due_on"
  ON "requests" FOR EACH ROW EXECUTE FUNCTION request_release_due_on();--> statement-breakpoint
CREATE FUNCTION keep_release_due_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests SET release_due_on = make_date(NEW.release_year, NEW.release_month, 1) - 1 WHERE release_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "releases_due_on_changed" AFTER UPDATE OF "release_year", "release_month" ON "releases" FOR EACH ROW
  WHEN (OLD."release_year" <> NEW."release_year" OR OLD."release_month" <> NEW."release_month")
  EXECUTE FUNCTION keep_release_due_on();--> statement-breakpoint
-- The requests already there (the triggers above now lock both tables against other writers until this commits).
UPDATE "requests" r SET "release_due_on" = make_date(l."release_year", l."release_month", 1) - 1
  FROM "releases" l WHERE l."id" = r."release_id";--> statement-breakpoint
CREATE INDEX "requests_open_due_idx" ON "requests" USING btree ("release_due_on","date_added") WHERE status_code not in ('licensed', 'cannot_license', 'cancelled');
