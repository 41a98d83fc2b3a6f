-- Catalog matching (lib/songs/match-songs.ts): trigram similarity of normalised titles, and an overlap of people's
-- surnames. The rules live here once: catalog_songs.title_normalised and title_keys are generated with
-- normalise_title() and title_keys(), and the request's title goes through the same functions in the query. Written without locale-dependent character
-- classes, so PGlite (C locale) and a PostgreSQL server (any locale) normalise alike.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Lower case, Latin accents dropped (Café = Cafe), apostrophes dropped (Don't = Dont), version suffixes cut
-- ("(Live)", "[Remastered 2011]", "(feat. X)", "- Acoustic Version", "feat. X"), & and + read as "and", other
-- punctuation a space, a leading "The" dropped.
CREATE OR REPLACE FUNCTION normalise_title(title text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := translate(lower(title),
    'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿ',
    'aaaaaaceeeeiiiinoooooouuuuyaaaaaaceeeeiiiinoooooouuuuyy');
  versions constant text := '(live|remaster|remastered|remix|mix|edit|version|feat|featuring|ft|acoustic|demo|instrumental|mono|stereo|single|radio|extended|bonus|deluxe|reprise|unplugged|from|\d{4})';
  previous text;
BEGIN
  t := regexp_replace(t, '[''’‘`´ʼ]', '', 'g');
  LOOP -- "Song (Live) [Remastered]": every trailing bracketed version, innermost last
    previous := t;
    t := regexp_replace(t, '\s*[(\[][^()\[\]]*\m' || versions || '\M[^()\[\]]*[)\]]\s*$', '');
    EXIT WHEN t = previous;
  END LOOP;
  t := regexp_replace(t, '\s+[-–—]\s+[^-–—]*\m' || versions || '\M.*$', '');
  t := regexp_replace(t, '\s+(feat|featuring|ft)\M\.?\s.*$', '');
  t := regexp_replace(t, '[&+]', ' and ', 'g');
  t := regexp_replace(t, '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f–—‒―…“”„«»‹›¿¡·•]+', ' ', 'g');
  t := btrim(regexp_replace(t, '\s+', ' ', 'g'));
  RETURN regexp_replace(t, '^the ', '');
END
$$;
--> statement-breakpoint
-- A word and, from four letters on, the word with one letter left out ("help": hel, hep, hlp, elp): two words one
-- typo apart (a letter wrong, missing, added, or two swapped) always share one of these keys.
CREATE OR REPLACE FUNCTION word_keys(word text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  keys text[] := ARRAY[word];
BEGIN
  IF length(word) >= 4 THEN
    FOR i IN 1..length(word) LOOP
      keys := keys || (left(word, i - 1) || substr(word, i + 1));
    END LOOP;
  END IF;
  RETURN keys;
END
$$;
--> statement-breakpoint
-- The keys of every word of a title, normalised first: a song whose keys meet each word's keys of a request's title
-- holds every one of its words, give or take a typo each (GIN-indexed, see catalog_songs.title_keys).
CREATE OR REPLACE FUNCTION title_keys(title text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  keys text[] := '{}';
  word text;
BEGIN
  FOREACH word IN ARRAY string_to_array(normalise_title(title), ' ') LOOP
    keys := keys || word_keys(word);
  END LOOP;
  RETURN keys;
END
$$;
--> statement-breakpoint
-- The surnames in a list of people ("J. Smith & K. Doe", "Lennon/McCartney", "Smith, Jane"): people are split at
-- & + , ; / - "and" "feat." "with"; each person's key is their last word of two letters or more, not Jr/Sr/II/III/IV.
CREATE OR REPLACE FUNCTION name_keys(names text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  keys text[] := '{}';
  person text;
  word text;
  surname text;
BEGIN
  names := translate(lower(names),
    'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿ',
    'aaaaaaceeeeiiiinoooooouuuuyaaaaaaceeeeiiiinoooooouuuuyy');
  names := regexp_replace(names, '[''’‘`´ʼ]', '', 'g');
  FOREACH person IN ARRAY regexp_split_to_array(names, '[&+,;/–—-]|\m(and|feat|featuring|ft|with)\M') LOOP
    surname := NULL;
    FOREACH word IN ARRAY regexp_split_to_array(person, '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f“”„«»]+') LOOP
      IF length(word) >= 2 AND word NOT IN ('jr', 'sr', 'ii', 'iii', 'iv') THEN
        surname := word;
      END IF;
    END LOOP;
    IF surname IS NOT NULL AND NOT surname = ANY (keys) THEN
      keys := keys || surname;
    END IF;
  END LOOP;
  RETURN keys;
END
$$;
--> statement-breakpoint
-- How far two lists of surnames agree: shared keys over the shorter list (0 when either is empty), so a request
-- naming one of a song's two writers agrees fully, and one naming a writer of neither song not at all.
CREATE OR REPLACE FUNCTION name_overlap(a text[], b text[]) RETURNS real
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN cardinality(a) = 0 OR cardinality(b) = 0 THEN 0::real
    ELSE (SELECT count(*) FROM (SELECT unnest(a) INTERSECT SELECT unnest(b)) shared)::real / least(cardinality(a), cardinality(b))
  END
$$;
