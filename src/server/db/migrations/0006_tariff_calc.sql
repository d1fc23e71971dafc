CREATE TABLE "tariff_calc_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"calc_id" integer NOT NULL,
	"aid" integer NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"charged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_calc_directions" (
	"calc_id" integer NOT NULL,
	"direction" smallint NOT NULL,
	CONSTRAINT "tariff_calc_directions_calc_id_direction_pk" PRIMARY KEY("calc_id","direction"),
	CONSTRAINT "tariff_calc_directions_ck" CHECK ("tariff_calc_directions"."direction" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "tariff_calc_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"calc_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"start_job_id" integer NOT NULL,
	"start_param" smallint,
	"end_job_id" integer,
	"end_param" smallint,
	"job_indicator_id" integer,
	CONSTRAINT "tariff_calc_jobs_params_ck" CHECK ("tariff_calc_jobs"."start_param" in (1, 2) and "tariff_calc_jobs"."end_param" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "tariff_calc_med_services" (
	"calc_id" integer NOT NULL,
	"med_service_id" integer NOT NULL,
	CONSTRAINT "tariff_calc_med_services_calc_id_med_service_id_pk" PRIMARY KEY("calc_id","med_service_id")
);
--> statement-breakpoint
CREATE TABLE "tariff_calc_positions" (
	"calc_id" integer NOT NULL,
	"employee_position_id" integer NOT NULL,
	CONSTRAINT "tariff_calc_positions_calc_id_employee_position_id_pk" PRIMARY KEY("calc_id","employee_position_id")
);
--> statement-breakpoint
CREATE TABLE "tariff_calc_resource_types" (
	"calc_id" integer NOT NULL,
	"resource_type_id" integer NOT NULL,
	CONSTRAINT "tariff_calc_resource_types_calc_id_resource_type_id_pk" PRIMARY KEY("calc_id","resource_type_id")
);
--> statement-breakpoint
CREATE TABLE "tariff_calc_resources" (
	"calc_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	CONSTRAINT "tariff_calc_resources_calc_id_resource_id_pk" PRIMARY KEY("calc_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "tariff_calc_service_map_types" (
	"calc_id" integer NOT NULL,
	"service_map_type" smallint NOT NULL,
	CONSTRAINT "tariff_calc_service_map_types_calc_id_service_map_type_pk" PRIMARY KEY("calc_id","service_map_type"),
	CONSTRAINT "tariff_calc_service_map_types_ck" CHECK ("tariff_calc_service_map_types"."service_map_type" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "tariff_calc_vip_services" (
	"calc_id" integer NOT NULL,
	"vip_service_id" integer NOT NULL,
	CONSTRAINT "tariff_calc_vip_services_calc_id_vip_service_id_pk" PRIMARY KEY("calc_id","vip_service_id")
);
--> statement-breakpoint
CREATE TABLE "tariff_calcs" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"calc_type_id" integer NOT NULL,
	"format_id" integer NOT NULL,
	"rounding_id" integer NOT NULL,
	"accuracy" numeric(14, 4),
	"group_type" smallint,
	"coeff" numeric(14, 4),
	"minimum_amount" numeric(14, 4),
	"is_rounding_first" boolean DEFAULT true NOT NULL,
	"is_accuracy_first" boolean DEFAULT true NOT NULL,
	"is_using_plan_time" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tariff_calcs_group_type_ck" CHECK ("tariff_calcs"."group_type" in (1, 2)),
	CONSTRAINT "tariff_calcs_amounts_ck" CHECK ("tariff_calcs"."accuracy" >= 0 and "tariff_calcs"."coeff" >= 0 and "tariff_calcs"."minimum_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tariff_calc_charges" ADD CONSTRAINT "tariff_calc_charges_calc_id_tariff_calcs_id_fk" FOREIGN KEY ("calc_id") REFERENCES "public"."tariff_calcs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_charges" ADD CONSTRAINT "tariff_calc_charges_aid_turnarounds_aid_fk" FOREIGN KEY ("aid") REFERENCES "public"."turnarounds"("aid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_directions" ADD CONSTRAINT "tariff_calc_directions_calc_id_tariff_calcs_id_fk" FOREIGN KEY ("calc_id") REFERENCES "public"."tariff_calcs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_jobs" ADD CONSTRAINT "tariff_calc_jobs_calc_id_tariff_calcs_id_fk" FOREIGN KEY ("calc_id") REFERENCES "public"."tariff_calcs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_jobs" ADD CONSTRAINT "tariff_calc_jobs_start_job_id_jobs_id_fk" FOREIGN KEY ("start_job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_jobs" ADD CONSTRAINT "tariff_calc_jobs_end_job_id_jobs_id_fk" FOREIGN KEY ("end_job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_jobs" ADD CONSTRAINT "tariff_calc_jobs_job_indicator_id_job_indicators_id_fk" FOREIGN KEY ("job_indicator_id") REFERENCES "public"."job_indicators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_med_services" ADD CONSTRAINT "tariff_calc_med_services_calc_id_tariff_calcs_id_fk" FOREIGN KEY ("calc_id") REFERENCES "public"."tariff_calcs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_med_services" ADD CONSTRAINT "tariff_calc_med_services_med_service_id_med_services_id_fk" FOREIGN KEY ("med_service_id") REFERENCES "public"."med_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_positions" ADD CONSTRAINT "tariff_calc_positions_calc_id_tariff_calcs_id_fk" FOREIGN KEY ("calc_id") REFERENCES "public"."tariff_calcs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_positions" ADD CONSTRAINT "tariff_calc_positions_employee_position_id_employee_positions_id_fk" FOREIGN KEY ("employee_position_id") REFERENCES "public"."employee_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_resource_types" ADD CONSTRAINT "tariff_calc_resource_types_calc_id_tariff_calcs_id_fk" FOREIGN KEY ("calc_id") REFERENCES "public"."tariff_calcs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_resource_types" ADD CONSTRAINT "tariff_calc_resource_types_resource_type_id_resource_types_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_resources" ADD CONSTRAINT "tariff_calc_resources_calc_id_tariff_calcs_id_fk" FOREIGN KEY ("calc_id") REFERENCES "public"."tariff_calcs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_resources" ADD CONSTRAINT "tariff_calc_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_service_map_types" ADD CONSTRAINT "tariff_calc_service_map_types_calc_id_tariff_calcs_id_fk" FOREIGN KEY ("calc_id") REFERENCES "public"."tariff_calcs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_vip_services" ADD CONSTRAINT "tariff_calc_vip_services_calc_id_tariff_calcs_id_fk" FOREIGN KEY ("calc_id") REFERENCES "public"."tariff_calcs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calc_vip_services" ADD CONSTRAINT "tariff_calc_vip_services_vip_service_id_vip_services_id_fk" FOREIGN KEY ("vip_service_id") REFERENCES "public"."vip_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calcs" ADD CONSTRAINT "tariff_calcs_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calcs" ADD CONSTRAINT "tariff_calcs_calc_type_id_calc_types_id_fk" FOREIGN KEY ("calc_type_id") REFERENCES "public"."calc_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calcs" ADD CONSTRAINT "tariff_calcs_format_id_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_calcs" ADD CONSTRAINT "tariff_calcs_rounding_id_roundings_id_fk" FOREIGN KEY ("rounding_id") REFERENCES "public"."roundings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tariff_calc_charges_calc_idx" ON "tariff_calc_charges" USING btree ("calc_id");--> statement-breakpoint
CREATE INDEX "tariff_calc_charges_aid_idx" ON "tariff_calc_charges" USING btree ("aid");--> statement-breakpoint
CREATE INDEX "tariff_calc_jobs_calc_idx" ON "tariff_calc_jobs" USING btree ("calc_id","sort");--> statement-breakpoint
CREATE INDEX "tariff_calc_jobs_start_idx" ON "tariff_calc_jobs" USING btree ("start_job_id");--> statement-breakpoint
CREATE INDEX "tariff_calc_jobs_end_idx" ON "tariff_calc_jobs" USING btree ("end_job_id");--> statement-breakpoint
CREATE INDEX "tariff_calc_jobs_indicator_idx" ON "tariff_calc_jobs" USING btree ("job_indicator_id");--> statement-breakpoint
CREATE INDEX "tariff_calc_med_services_idx" ON "tariff_calc_med_services" USING btree ("med_service_id");--> statement-breakpoint
CREATE INDEX "tariff_calc_positions_idx" ON "tariff_calc_positions" USING btree ("employee_position_id");--> statement-breakpoint
CREATE INDEX "tariff_calc_resource_types_idx" ON "tariff_calc_resource_types" USING btree ("resource_type_id");--> statement-breakpoint
CREATE INDEX "tariff_calc_resources_idx" ON "tariff_calc_resources" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "tariff_calc_vip_services_idx" ON "tariff_calc_vip_services" USING btree ("vip_service_id");--> statement-breakpoint
CREATE INDEX "tariff_calcs_service_idx" ON "tariff_calcs" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "tariff_calcs_type_idx" ON "tariff_calcs" USING btree ("calc_type_id");--> statement-breakpoint
CREATE INDEX "tariff_calcs_format_idx" ON "tariff_calcs" USING btree ("format_id");