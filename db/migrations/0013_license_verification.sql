ALTER TABLE "requests" ADD COLUMN "verification_code" text;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_verification_code_unique" UNIQUE("verification_code");