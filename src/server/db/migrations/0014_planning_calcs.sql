CREATE TABLE "planning_calcs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"begin" date NOT NULL,
	"end" date NOT NULL,
	"params" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"solve_ms" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "planning_calcs" ADD CONSTRAINT "planning_calcs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planning_calcs_created_at_idx" ON "planning_calcs" USING btree ("created_at");