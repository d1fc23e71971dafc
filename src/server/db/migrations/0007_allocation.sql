CREATE TABLE "allocation_coefs" (
	"allocation_id" integer NOT NULL,
	"coef_type_id" integer NOT NULL,
	"value" numeric(10, 4) NOT NULL,
	CONSTRAINT "allocation_coefs_allocation_id_coef_type_id_pk" PRIMARY KEY("allocation_id","coef_type_id"),
	CONSTRAINT "allocation_coefs_value" CHECK ("allocation_coefs"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"contractor_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"is_priority_set" boolean DEFAULT false NOT NULL,
	"is_provide_set" boolean DEFAULT false NOT NULL,
	"distance_from" integer,
	"distance_to" integer,
	CONSTRAINT "allocations_distance_range" CHECK (("allocations"."distance_from" is null) = ("allocations"."distance_to" is null) and ("allocations"."distance_from" is null or ("allocations"."distance_from" >= 0 and "allocations"."distance_to" >= "allocations"."distance_from")))
);
--> statement-breakpoint
ALTER TABLE "allocation_coefs" ADD CONSTRAINT "allocation_coefs_allocation_id_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_coefs" ADD CONSTRAINT "allocation_coefs_coef_type_id_coefficient_types_id_fk" FOREIGN KEY ("coef_type_id") REFERENCES "public"."coefficient_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocation_coefs_type_idx" ON "allocation_coefs" USING btree ("coef_type_id");--> statement-breakpoint
CREATE INDEX "allocations_contractor_idx" ON "allocations" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "allocations_department_idx" ON "allocations" USING btree ("department_id");