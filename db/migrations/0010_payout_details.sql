CREATE TABLE "owner_payout_details" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"account_holder" text NOT NULL,
	"kind" text NOT NULL,
	"iban" text,
	"routing_number" text,
	"account_number" text,
	"updated_by_name" text NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_payout_details_kind_fields" CHECK (("owner_payout_details"."kind" = 'iban' and "owner_payout_details"."iban" is not null and "owner_payout_details"."routing_number" is null and "owner_payout_details"."account_number" is null)
        or ("owner_payout_details"."kind" = 'us_account' and "owner_payout_details"."iban" is null and "owner_payout_details"."routing_number" is not null and "owner_payout_details"."account_number" is not null))
);
--> statement-breakpoint
ALTER TABLE "payout_items" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "owner_payout_details" ADD CONSTRAINT "owner_payout_details_owner_id_song_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."song_owners"("id") ON DELETE cascade ON UPDATE no action;