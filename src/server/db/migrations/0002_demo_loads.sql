CREATE TABLE "demo_loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"seed" integer NOT NULL,
	"scale" numeric NOT NULL,
	"days" integer NOT NULL,
	"reference_at" timestamp with time zone NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"summary" text NOT NULL
);
