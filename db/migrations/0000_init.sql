CREATE TYPE "public"."actor_kind" AS ENUM('employee', 'client', 'licensee', 'system');--> statement-breakpoint
CREATE TYPE "public"."cannot_license_reason" AS ENUM('not_us_copyright', 'changed_lyrics', 'changed_melody', 'domestic_only', 'custom_license_required', 'other');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."request_kind" AS ENUM('initial', 'reorder');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('employee', 'client', 'licensee');--> statement-breakpoint
CREATE TYPE "public"."royalty_kind" AS ENUM('statutory', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."status_code" AS ENUM('new', 'need_info', 'ready', 'in_progress', 'licensed', 'cannot_license', 'cancelled');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "albums" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"licensee_id" uuid NOT NULL,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by_user_id" integer,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"actor_kind" "actor_kind" NOT NULL,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"detail" jsonb,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_songs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"writers" text[] DEFAULT '{}'::text[] NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "formats" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"royalty_kind" "royalty_kind" NOT NULL,
	"fixed_rate" integer,
	"requires_outlets" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"caller_scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb,
	"response_headers" jsonb NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licensees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"company_name" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone1" text,
	"address" text,
	"city" text,
	"state" text,
	"zip" text,
	"country" text,
	"external_licensee_id" text,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipients" text[] NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"wall_post_id" integer,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"owner_name" text NOT NULL,
	"share_basis_points" integer NOT NULL,
	"served_at" timestamp with time zone,
	"served_by_name" text,
	"served_by_user_id" integer,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_tracks" (
	"release_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	CONSTRAINT "release_tracks_release_id_track_id_pk" PRIMARY KEY("release_id","track_id")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"album_id" integer NOT NULL,
	"format_id" integer NOT NULL,
	"release_month" integer NOT NULL,
	"release_year" integer NOT NULL,
	"release_quantity" integer NOT NULL,
	"expected_outlets_of_distribution" text,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_month_range" CHECK ("releases"."release_month" between 1 and 12),
	CONSTRAINT "releases_quantity_positive" CHECK ("releases"."release_quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "request_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"from_code" "status_code",
	"to_code" "status_code" NOT NULL,
	"reason" "cannot_license_reason",
	"note" text,
	"note_private" boolean DEFAULT false NOT NULL,
	"actor_kind" "actor_kind" NOT NULL,
	"actor_name" text NOT NULL,
	"actor_user_id" integer,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"release_id" integer NOT NULL,
	"kind" "request_kind" NOT NULL,
	"status_code" "status_code" DEFAULT 'new' NOT NULL,
	"status_reason" "cannot_license_reason",
	"licensing_begun_at" timestamp with time zone,
	"licensed_at" timestamp with time zone,
	"royalty_per_unit" integer NOT NULL,
	"royalty_quantity" integer NOT NULL,
	"royalty_total" bigint NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "song_owners" (
	"id" serial PRIMARY KEY NOT NULL,
	"song_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"share_basis_points" integer NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_owners_share_range" CHECK ("song_owners"."share_basis_points" > 0 and "song_owners"."share_basis_points" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "statutory_rates" (
	"year" integer PRIMARY KEY NOT NULL,
	"per_copy" integer NOT NULL,
	"per_minute" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"album_id" integer NOT NULL,
	"external_track_id" text,
	"length_in_seconds" integer,
	"medley" boolean DEFAULT false NOT NULL,
	"medley_track_id" integer,
	"song_title" text NOT NULL,
	"song_original_recording_artist" text,
	"song_notes" text,
	"song_artist" text,
	"song_composer" text,
	"song_arranger" text,
	"catalog_song_id" integer,
	"song_linked_at" timestamp with time zone,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracks_length_nonnegative" CHECK ("tracks"."length_in_seconds" is null or "tracks"."length_in_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "role" NOT NULL,
	"account_id" integer,
	"licensee_id" uuid,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_role_scope" CHECK (("users"."role" = 'employee' and "users"."account_id" is null and "users"."licensee_id" is null)
        or ("users"."role" = 'client' and "users"."account_id" is not null and "users"."licensee_id" is null)
        or ("users"."role" = 'licensee' and "users"."account_id" is not null and "users"."licensee_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "wall_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"album_id" integer NOT NULL,
	"parent_id" integer,
	"message" text NOT NULL,
	"is_private" boolean DEFAULT true NOT NULL,
	"author_kind" "actor_kind" NOT NULL,
	"author_name" text NOT NULL,
	"author_user_id" integer,
	"author_account_id" integer,
	"author_licensee_id" uuid,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_licensee_id_licensees_id_fk" FOREIGN KEY ("licensee_id") REFERENCES "public"."licensees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licensees" ADD CONSTRAINT "licensees_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD CONSTRAINT "owner_notices_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD CONSTRAINT "owner_notices_owner_id_song_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."song_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD CONSTRAINT "owner_notices_served_by_user_id_users_id_fk" FOREIGN KEY ("served_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_tracks" ADD CONSTRAINT "release_tracks_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_tracks" ADD CONSTRAINT "release_tracks_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_format_id_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_status_events" ADD CONSTRAINT "request_status_events_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_status_events" ADD CONSTRAINT "request_status_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_owners" ADD CONSTRAINT "song_owners_song_id_catalog_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."catalog_songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_medley_track_id_tracks_id_fk" FOREIGN KEY ("medley_track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_catalog_song_id_catalog_songs_id_fk" FOREIGN KEY ("catalog_song_id") REFERENCES "public"."catalog_songs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_licensee_id_licensees_id_fk" FOREIGN KEY ("licensee_id") REFERENCES "public"."licensees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_parent_id_wall_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."wall_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_author_account_id_accounts_id_fk" FOREIGN KEY ("author_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_author_licensee_id_licensees_id_fk" FOREIGN KEY ("author_licensee_id") REFERENCES "public"."licensees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "albums_account_idx" ON "albums" USING btree ("account_id","date_added");--> statement-breakpoint
CREATE INDEX "albums_licensee_idx" ON "albums" USING btree ("licensee_id");--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_events_account_idx" ON "audit_events" USING btree ("account_id","date_added");--> statement-breakpoint
CREATE INDEX "catalog_songs_title_idx" ON "catalog_songs" USING btree (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_scope_key_unique" ON "idempotency_keys" USING btree ("caller_scope","key");--> statement-breakpoint
CREATE INDEX "licensees_account_idx" ON "licensees" USING btree ("account_id","date_added");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_notices_request_owner_unique" ON "owner_notices" USING btree ("request_id","owner_id");--> statement-breakpoint
CREATE INDEX "release_tracks_track_idx" ON "release_tracks" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "releases_album_idx" ON "releases" USING btree ("album_id","date_added");--> statement-breakpoint
CREATE INDEX "request_status_events_request_idx" ON "request_status_events" USING btree ("request_id","date_added");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_track_release_unique" ON "requests" USING btree ("track_id","release_id");--> statement-breakpoint
CREATE INDEX "requests_account_status_idx" ON "requests" USING btree ("account_id","status_code","date_added");--> statement-breakpoint
CREATE INDEX "requests_status_idx" ON "requests" USING btree ("status_code","date_added");--> statement-breakpoint
CREATE INDEX "requests_release_idx" ON "requests" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "song_owners_song_idx" ON "song_owners" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "tracks_album_idx" ON "tracks" USING btree ("album_id","date_added");--> statement-breakpoint
CREATE INDEX "tracks_account_idx" ON "tracks" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "tracks_medley_idx" ON "tracks" USING btree ("medley_track_id");--> statement-breakpoint
CREATE INDEX "wall_posts_album_date_idx" ON "wall_posts" USING btree ("album_id","date_added","id");--> statement-breakpoint
CREATE INDEX "wall_posts_parent_idx" ON "wall_posts" USING btree ("parent_id");