-- Release formats (docs/product-rules.md, "Formats"). Fixed rates are in hundredths of a cent per unit.
INSERT INTO "formats" ("id", "title", "royalty_kind", "fixed_rate", "requires_outlets") VALUES
  (1001, 'Compact Discs', 'statutory', NULL, false),
  (1002, 'Digital Downloads', 'statutory', NULL, false),
  (1003, 'Interactive Audio Streams', 'fixed', 100, true),
  (1004, 'Ringtones', 'fixed', 2400, false),
  (1005, 'Vinyl Records', 'statutory', NULL, false),
  (1006, 'Player Piano Rolls', 'statutory', NULL, false),
  (1007, 'Cassette Tapes', 'statutory', NULL, false),
  (1008, 'Music Boxes', 'statutory', NULL, false),
  (1009, 'USB Memory', 'statutory', NULL, false),
  (1010, 'MIDI', 'statutory', NULL, false),
  (1011, 'Integrated Circuits', 'statutory', NULL, false);
--> statement-breakpoint
-- US statutory mechanical rates (Phonorecords IV), hundredths of a cent: per copy, per minute.
INSERT INTO "statutory_rates" ("year", "per_copy", "per_minute") VALUES
  (2023, 1200, 231),
  (2024, 1240, 239),
  (2025, 1270, 245),
  (2026, 1310, 252);
