-- The request search's keys (db/schema/search-keys.ts): the account and each trigram pg_trgm finds in the text that is
-- made of ASCII letters, digits and its word padding, so that a GIN index holds a posting list per account and
-- trigram. show_trgm is named with pg_trgm's schema: index maintenance (ANALYZE, VACUUM, REINDEX) may run with
-- pg_catalog alone on the search path, and a function with a search path of its own costs a setting change per call.
-- COST: computing the keys of each row of an account costs more than reading the index, even at a few hundred rows.
DO $$ BEGIN
  EXECUTE format($f$
    CREATE FUNCTION account_trigrams(account_id integer, value text) RETURNS text[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000
      AS $b$ select array(select account_id::text || ':' || t from unnest(%I.show_trgm(value)) t where t ~ '^[a-z0-9 ]{3}$') $b$
  $f$, (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'));
END $$;--> statement-breakpoint
CREATE INDEX "licensees_search_keys_idx" ON "licensees" USING gin (account_trigrams("account_id", (coalesce("company_name", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", ''))));--> statement-breakpoint
CREATE INDEX "albums_search_keys_idx" ON "albums" USING gin (account_trigrams("account_id", ("title" || ' ' || "artist")));--> statement-breakpoint
CREATE INDEX "tracks_search_keys_idx" ON "tracks" USING gin (account_trigrams("account_id", "song_title"));
