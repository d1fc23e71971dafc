ALTER TABLE "flights" ADD COLUMN "code_share" text;--> statement-breakpoint
ALTER TABLE "turnarounds" ADD COLUMN "is_confirmed" boolean DEFAULT false NOT NULL;