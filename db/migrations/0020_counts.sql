CREATE TABLE "request_counts" (
	"account_id" integer NOT NULL,
	"status_code" "status_code" NOT NULL,
	"shard" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "request_counts_account_id_status_code_shard_pk" PRIMARY KEY("account_id","status_code","shard")
);
--> statement-breakpoint
CREATE TABLE "wall_post_counts" (
	"album_id" integer NOT NULL,
	"visibility" "visibility" NOT NULL,
	"top_level" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "wall_post_counts_album_id_visibility_top_level_pk" PRIMARY KEY("album_id","visibility","top_level")
);
--> statement-breakpoint
ALTER TABLE "request_counts" ADD CONSTRAINT "request_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_post_counts" ADD CONSTRAINT "wall_post_counts_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: both counts are kept by triggers in the writing transaction, so every writer (use cases, imports,
-- SQL fills) keeps them true. Inserts and deletes are counted once per statement from its transition table (a bulk
-- insert of a million requests adds one figure per account and status); updates once per row, and only when a
-- counted key changes. A statement touches its counters in key order: two transactions moving requests between the
-- same statuses wait for each other rather than deadlock.
CREATE FUNCTION add_request_count(account integer, status status_code, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO request_counts AS c (account_id, status_code, shard, n) VALUES (account, status, pg_backend_pid() % 8, delta)
  ON CONFLICT (account_id, status_code, shard) DO UPDATE SET n = c.n + excluded.n
$$;--> statement-breakpoint
CREATE FUNCTION count_requests() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT account_id, status_code, count(*)::int AS n FROM inserted GROUP BY 1, 2 ORDER BY 1, 2 LOOP
      PERFORM add_request_count(r.account_id, r.status_code, r.n);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT account_id, status_code, -count(*)::int AS n FROM deleted GROUP BY 1, 2 ORDER BY 1, 2 LOOP
      PERFORM add_request_count(r.account_id, r.status_code, r.n);
    END LOOP;
  ELSE
    FOR r IN SELECT * FROM (VALUES (OLD.account_id, OLD.status_code, -1), (NEW.account_id, NEW.status_code, 1)) v (account_id, status_code, n) ORDER BY 1, 2 LOOP
      PERFORM add_request_count(r.account_id, r.status_code, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "requests_count_inserted" AFTER INSERT ON "requests" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION count_requests();--> statement-breakpoint
CREATE TRIGGER "requests_count_deleted" AFTER DELETE ON "requests" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION count_requests();--> statement-breakpoint
CREATE TRIGGER "requests_count_moved" AFTER UPDATE OF "account_id", "status_code" ON "requests" FOR EACH ROW
  WHEN (OLD."account_id" <> NEW."account_id" OR OLD."status_code" <> NEW."status_code") EXECUTE FUNCTION count_requests();--> statement-breakpoint
-- Walls are written by people typing, one post at a time: one row per album, visibility and level, no shards.
CREATE FUNCTION add_wall_post_count(album integer, vis visibility, top boolean, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO wall_post_counts AS c (album_id, visibility, top_level, n) VALUES (album, vis, top, delta)
  ON CONFLICT (album_id, visibility, top_level) DO UPDATE SET n = c.n + excluded.n
$$;--> statement-breakpoint
CREATE FUNCTION count_wall_posts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT album_id, visibility, parent_id IS NULL AS top, count(*)::int AS n FROM inserted GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LOOP
      PERFORM add_wall_post_count(r.album_id, r.visibility, r.top, r.n);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT album_id, visibility, parent_id IS NULL AS top, -count(*)::int AS n FROM deleted GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LOOP
      PERFORM add_wall_post_count(r.album_id, r.visibility, r.top, r.n);
    END LOOP;
  ELSE
    FOR r IN SELECT * FROM (VALUES (OLD.album_id, OLD.visibility, OLD.parent_id IS NULL, -1), (NEW.album_id, NEW.visibility, NEW.parent_id IS NULL, 1))
      v (album_id, visibility, top, n) ORDER BY 1, 2, 3 LOOP
      PERFORM add_wall_post_count(r.album_id, r.visibility, r.top, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "wall_posts_count_inserted" AFTER INSERT ON "wall_posts" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION count_wall_posts();--> statement-breakpoint
CREATE TRIGGER "wall_posts_count_deleted" AFTER DELETE ON "wall_posts" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION count_wall_posts();--> statement-breakpoint
CREATE TRIGGER "wall_posts_count_moved" AFTER UPDATE OF "album_id", "visibility", "parent_id" ON "wall_posts" FOR EACH ROW
  WHEN (OLD."album_id" <> NEW."album_id" OR OLD."visibility" <> NEW."visibility" OR (OLD."parent_id" IS NULL) <> (NEW."parent_id" IS NULL))
  EXECUTE FUNCTION count_wall_posts();--> statement-breakpoint
-- The counts of the rows already there. Creating the triggers above locked both tables against writes until this
-- migration commits, so no row is counted twice or missed.
INSERT INTO "request_counts" ("account_id", "status_code", "shard", "n")
  SELECT "account_id", "status_code", 0, count(*) FROM "requests" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "wall_post_counts" ("album_id", "visibility", "top_level", "n")
  SELECT "album_id", "visibility", "parent_id" IS NULL, count(*) FROM "wall_posts" GROUP BY 1, 2, 3;
