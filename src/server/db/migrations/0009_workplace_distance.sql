CREATE TABLE "workplace_distances" (
	"id" serial PRIMARY KEY NOT NULL,
	"workplace_from_id" integer NOT NULL,
	"workplace_to_id" integer NOT NULL,
	"distance" numeric(10, 2) NOT NULL,
	CONSTRAINT "workplace_distances_pair_key" UNIQUE("workplace_from_id","workplace_to_id"),
	CONSTRAINT "workplace_distances_distance_check" CHECK ("workplace_distances"."distance" >= 0),
	CONSTRAINT "workplace_distances_pair_check" CHECK ("workplace_distances"."workplace_from_id" <> "workplace_distances"."workplace_to_id")
);
--> statement-breakpoint
ALTER TABLE "workplace_distances" ADD CONSTRAINT "workplace_distances_workplace_from_id_workplaces_id_fk" FOREIGN KEY ("workplace_from_id") REFERENCES "public"."workplaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workplace_distances" ADD CONSTRAINT "workplace_distances_workplace_to_id_workplaces_id_fk" FOREIGN KEY ("workplace_to_id") REFERENCES "public"."workplaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workplace_distances_to_idx" ON "workplace_distances" USING btree ("workplace_to_id");