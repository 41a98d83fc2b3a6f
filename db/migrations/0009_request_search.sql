CREATE INDEX "licensees_name_trgm_idx" ON "licensees" USING gin ((coalesce("company_name", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "albums_title_trgm_idx" ON "albums" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "albums_artist_trgm_idx" ON "albums" USING gin ("artist" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tracks_song_title_trgm_idx" ON "tracks" USING gin ("song_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wall_posts_date_idx" ON "wall_posts" USING btree ("date_added","id");