CREATE TABLE "skill_accesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"skill_id" integer NOT NULL,
	"job_id" integer,
	"resource_type_id" integer,
	"resource_id" integer,
	"aircraft_type_id" integer,
	CONSTRAINT "skill_accesses_one_target_check" CHECK (num_nonnulls("skill_accesses"."job_id", "skill_accesses"."resource_type_id", "skill_accesses"."resource_id", "skill_accesses"."aircraft_type_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "skill_accesses" ADD CONSTRAINT "skill_accesses_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_accesses" ADD CONSTRAINT "skill_accesses_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_accesses" ADD CONSTRAINT "skill_accesses_resource_type_id_resource_types_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_accesses" ADD CONSTRAINT "skill_accesses_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_accesses" ADD CONSTRAINT "skill_accesses_aircraft_type_id_aircraft_types_id_fk" FOREIGN KEY ("aircraft_type_id") REFERENCES "public"."aircraft_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skill_accesses_skill_idx" ON "skill_accesses" USING btree ("skill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skill_accesses_job_uq" ON "skill_accesses" USING btree ("job_id","skill_id") WHERE "skill_accesses"."job_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "skill_accesses_resource_type_uq" ON "skill_accesses" USING btree ("resource_type_id","skill_id") WHERE "skill_accesses"."resource_type_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "skill_accesses_resource_uq" ON "skill_accesses" USING btree ("resource_id","skill_id") WHERE "skill_accesses"."resource_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "skill_accesses_aircraft_type_uq" ON "skill_accesses" USING btree ("aircraft_type_id","skill_id") WHERE "skill_accesses"."aircraft_type_id" is not null;