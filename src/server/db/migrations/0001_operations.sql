CREATE TABLE "flights" (
	"id" serial PRIMARY KEY NOT NULL,
	"airline_id" integer NOT NULL,
	"flight_number" text NOT NULL,
	"direction" smallint NOT NULL,
	"flight_type_id" integer NOT NULL,
	"flight_class_id" integer NOT NULL,
	"flight_schedule_id" integer NOT NULL,
	"flight_status_id" integer NOT NULL,
	"aircraft_type_id" integer NOT NULL,
	"board_number" text,
	"stand_id" integer,
	"departure_airport_id" integer NOT NULL,
	"arrival_airport_id" integer NOT NULL,
	"plan_at" timestamp with time zone NOT NULL,
	"plan_departure_at" timestamp with time zone NOT NULL,
	"plan_arrival_at" timestamp with time zone NOT NULL,
	"calc_departure_at" timestamp with time zone,
	"calc_arrival_at" timestamp with time zone,
	"fact_departure_at" timestamp with time zone,
	"fact_arrival_at" timestamp with time zone,
	"passengers" integer DEFAULT 0 NOT NULL,
	"baggage_weight" numeric(10, 1),
	"cargo_weight" numeric(10, 1),
	"mail_weight" numeric(10, 1),
	"tgo_template_id" integer,
	CONSTRAINT "flights_direction_ck" CHECK ("flights"."direction" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "turnarounds" (
	"aid" serial PRIMARY KEY NOT NULL,
	"arrival_flight_id" integer,
	"departure_flight_id" integer
);
--> statement-breakpoint
CREATE TABLE "aircraft_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icao_code" text NOT NULL,
	"iata_code" text,
	"category" smallint NOT NULL,
	"seats" integer NOT NULL,
	CONSTRAINT "aircraft_types_icao_code_unique" UNIQUE("icao_code")
);
--> statement-breakpoint
CREATE TABLE "airlines" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"iata_code" text,
	"icao_code" text,
	"sirena_code" text,
	"numeric_code" text,
	"country_code" text NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airports" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"iata_code" text,
	"icao_code" text,
	"sirena_code" text,
	"time_zone" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"is_home" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calc_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "calc_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "card_bank_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "card_bank_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "coefficient_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "coefficient_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "contractors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"inn" text,
	CONSTRAINT "contractors_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "delay_iata_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number_code" text NOT NULL,
	"letter_code" text,
	"transcript" text NOT NULL,
	"delay_iata_type_id" smallint NOT NULL,
	"is_reason_airport" boolean DEFAULT false NOT NULL,
	CONSTRAINT "delay_iata_codes_number_code_unique" UNIQUE("number_code")
);
--> statement-breakpoint
CREATE TABLE "delay_rrp_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_reason_airport" boolean DEFAULT false NOT NULL,
	CONSTRAINT "delay_rrp_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "flight_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "flight_classes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "flight_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "flight_schedules_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "flight_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "flight_statuses_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "flight_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "flight_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "formats" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_full" text NOT NULL,
	CONSTRAINT "formats_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "hall_access_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "hall_access_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "loyalty_card_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "loyalty_card_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "med_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "med_services_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "passenger_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "passenger_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "pattern_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "pattern_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "pay_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "pay_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "print_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"print_type_id" integer NOT NULL,
	"winding" smallint NOT NULL,
	"pectab" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "print_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"print_type_id" integer NOT NULL,
	"address" text,
	CONSTRAINT "printers_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "roundings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_full" text NOT NULL,
	CONSTRAINT "roundings_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "rush_baggage_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number_code" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "rush_baggage_codes_number_code_unique" UNIQUE("number_code")
);
--> statement-breakpoint
CREATE TABLE "service_halls" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "service_halls_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text,
	"id_1c" text NOT NULL,
	CONSTRAINT "services_id_1c_unique" UNIQUE("id_1c")
);
--> statement-breakpoint
CREATE TABLE "team_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "team_statuses_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "travel_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "travel_classes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "vip_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "vip_services_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "workplaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	CONSTRAINT "workplaces_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"contractor_id" integer
);
--> statement-breakpoint
CREATE TABLE "employee_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"department_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_skills" (
	"employee_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	CONSTRAINT "employee_skills_employee_id_skill_id_pk" PRIMARY KEY("employee_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"surname" text NOT NULL,
	"first_name" text NOT NULL,
	"patronymic" text,
	"name" text NOT NULL,
	"personnel_number" text NOT NULL,
	"department_id" integer NOT NULL,
	"employee_position_id" integer NOT NULL,
	"working_shift_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "employees_personnel_number_unique" UNIQUE("personnel_number")
);
--> statement-breakpoint
CREATE TABLE "job_indicators" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"indicator_name" text NOT NULL,
	"unit" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_positions" (
	"job_id" integer NOT NULL,
	"employee_position_id" integer NOT NULL,
	CONSTRAINT "job_positions_job_id_employee_position_id_pk" PRIMARY KEY("job_id","employee_position_id")
);
--> statement-breakpoint
CREATE TABLE "job_resource_types" (
	"job_id" integer NOT NULL,
	"resource_type_id" integer NOT NULL,
	CONSTRAINT "job_resource_types_job_id_resource_type_id_pk" PRIMARY KEY("job_id","resource_type_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"direction_kind" smallint NOT NULL,
	"color" text NOT NULL,
	CONSTRAINT "jobs_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "resource_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"department_id" integer,
	CONSTRAINT "resource_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"resource_type_id" integer NOT NULL,
	"board_number" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "resources_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "scales" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"period_minutes" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "scales_period_minutes_unique" UNIQUE("period_minutes")
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "skills_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "working_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"begin_time" time NOT NULL,
	"duration_minutes" integer NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "working_shifts_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "task_employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"employee_position_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_positions" (
	"task_id" integer NOT NULL,
	"employee_position_id" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "task_positions_task_id_employee_position_id_pk" PRIMARY KEY("task_id","employee_position_id")
);
--> statement-breakpoint
CREATE TABLE "task_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"resource_type_id" integer NOT NULL,
	"resource_id" integer
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"flight_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"tgo_job_id" integer,
	"begin_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"plan_begin_at" timestamp with time zone NOT NULL,
	"plan_end_at" timestamp with time zone NOT NULL,
	"fact_begin_at" timestamp with time zone,
	"fact_end_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tgo_aircraft_types" (
	"tgo_template_id" integer NOT NULL,
	"aircraft_type_id" integer NOT NULL,
	CONSTRAINT "tgo_aircraft_types_tgo_template_id_aircraft_type_id_pk" PRIMARY KEY("tgo_template_id","aircraft_type_id")
);
--> statement-breakpoint
CREATE TABLE "tgo_job_positions" (
	"tgo_job_id" integer NOT NULL,
	"employee_position_id" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "tgo_job_positions_tgo_job_id_employee_position_id_pk" PRIMARY KEY("tgo_job_id","employee_position_id")
);
--> statement-breakpoint
CREATE TABLE "tgo_job_resource_types" (
	"tgo_job_id" integer NOT NULL,
	"resource_type_id" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "tgo_job_resource_types_tgo_job_id_resource_type_id_pk" PRIMARY KEY("tgo_job_id","resource_type_id")
);
--> statement-breakpoint
CREATE TABLE "tgo_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tgo_template_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"offset_minutes" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tgo_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"direction" smallint NOT NULL,
	"flight_type_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tgo_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "department_id" integer;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_flight_type_id_flight_types_id_fk" FOREIGN KEY ("flight_type_id") REFERENCES "public"."flight_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_flight_class_id_flight_classes_id_fk" FOREIGN KEY ("flight_class_id") REFERENCES "public"."flight_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_flight_schedule_id_flight_schedules_id_fk" FOREIGN KEY ("flight_schedule_id") REFERENCES "public"."flight_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_flight_status_id_flight_statuses_id_fk" FOREIGN KEY ("flight_status_id") REFERENCES "public"."flight_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_aircraft_type_id_aircraft_types_id_fk" FOREIGN KEY ("aircraft_type_id") REFERENCES "public"."aircraft_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_stand_id_workplaces_id_fk" FOREIGN KEY ("stand_id") REFERENCES "public"."workplaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_departure_airport_id_airports_id_fk" FOREIGN KEY ("departure_airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_arrival_airport_id_airports_id_fk" FOREIGN KEY ("arrival_airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_tgo_template_id_tgo_templates_id_fk" FOREIGN KEY ("tgo_template_id") REFERENCES "public"."tgo_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnarounds" ADD CONSTRAINT "turnarounds_arrival_flight_id_flights_id_fk" FOREIGN KEY ("arrival_flight_id") REFERENCES "public"."flights"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnarounds" ADD CONSTRAINT "turnarounds_departure_flight_id_flights_id_fk" FOREIGN KEY ("departure_flight_id") REFERENCES "public"."flights"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_templates" ADD CONSTRAINT "print_templates_print_type_id_print_types_id_fk" FOREIGN KEY ("print_type_id") REFERENCES "public"."print_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_print_type_id_print_types_id_fk" FOREIGN KEY ("print_type_id") REFERENCES "public"."print_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_positions" ADD CONSTRAINT "employee_positions_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_skills" ADD CONSTRAINT "employee_skills_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_skills" ADD CONSTRAINT "employee_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_employee_position_id_employee_positions_id_fk" FOREIGN KEY ("employee_position_id") REFERENCES "public"."employee_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_working_shift_id_working_shifts_id_fk" FOREIGN KEY ("working_shift_id") REFERENCES "public"."working_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_indicators" ADD CONSTRAINT "job_indicators_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_positions" ADD CONSTRAINT "job_positions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_positions" ADD CONSTRAINT "job_positions_employee_position_id_employee_positions_id_fk" FOREIGN KEY ("employee_position_id") REFERENCES "public"."employee_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_resource_types" ADD CONSTRAINT "job_resource_types_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_resource_types" ADD CONSTRAINT "job_resource_types_resource_type_id_resource_types_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_types" ADD CONSTRAINT "resource_types_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_resource_type_id_resource_types_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_employees" ADD CONSTRAINT "task_employees_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_employees" ADD CONSTRAINT "task_employees_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_employees" ADD CONSTRAINT "task_employees_employee_position_id_employee_positions_id_fk" FOREIGN KEY ("employee_position_id") REFERENCES "public"."employee_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_positions" ADD CONSTRAINT "task_positions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_positions" ADD CONSTRAINT "task_positions_employee_position_id_employee_positions_id_fk" FOREIGN KEY ("employee_position_id") REFERENCES "public"."employee_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_resources" ADD CONSTRAINT "task_resources_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_resources" ADD CONSTRAINT "task_resources_resource_type_id_resource_types_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_resources" ADD CONSTRAINT "task_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tgo_job_id_tgo_jobs_id_fk" FOREIGN KEY ("tgo_job_id") REFERENCES "public"."tgo_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tgo_aircraft_types" ADD CONSTRAINT "tgo_aircraft_types_tgo_template_id_tgo_templates_id_fk" FOREIGN KEY ("tgo_template_id") REFERENCES "public"."tgo_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tgo_aircraft_types" ADD CONSTRAINT "tgo_aircraft_types_aircraft_type_id_aircraft_types_id_fk" FOREIGN KEY ("aircraft_type_id") REFERENCES "public"."aircraft_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tgo_job_positions" ADD CONSTRAINT "tgo_job_positions_tgo_job_id_tgo_jobs_id_fk" FOREIGN KEY ("tgo_job_id") REFERENCES "public"."tgo_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tgo_job_positions" ADD CONSTRAINT "tgo_job_positions_employee_position_id_employee_positions_id_fk" FOREIGN KEY ("employee_position_id") REFERENCES "public"."employee_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tgo_job_resource_types" ADD CONSTRAINT "tgo_job_resource_types_tgo_job_id_tgo_jobs_id_fk" FOREIGN KEY ("tgo_job_id") REFERENCES "public"."tgo_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tgo_job_resource_types" ADD CONSTRAINT "tgo_job_resource_types_resource_type_id_resource_types_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tgo_jobs" ADD CONSTRAINT "tgo_jobs_tgo_template_id_tgo_templates_id_fk" FOREIGN KEY ("tgo_template_id") REFERENCES "public"."tgo_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tgo_jobs" ADD CONSTRAINT "tgo_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tgo_templates" ADD CONSTRAINT "tgo_templates_flight_type_id_flight_types_id_fk" FOREIGN KEY ("flight_type_id") REFERENCES "public"."flight_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flights_leg_uq" ON "flights" USING btree ("airline_id","flight_number","direction","plan_at");--> statement-breakpoint
CREATE INDEX "flights_plan_at_idx" ON "flights" USING btree ("plan_at");--> statement-breakpoint
CREATE INDEX "flights_direction_plan_at_idx" ON "flights" USING btree ("direction","plan_at");--> statement-breakpoint
CREATE INDEX "flights_status_idx" ON "flights" USING btree ("flight_status_id");--> statement-breakpoint
CREATE INDEX "flights_type_idx" ON "flights" USING btree ("flight_type_id");--> statement-breakpoint
CREATE INDEX "flights_schedule_idx" ON "flights" USING btree ("flight_schedule_id");--> statement-breakpoint
CREATE INDEX "flights_airline_idx" ON "flights" USING btree ("airline_id","plan_at");--> statement-breakpoint
CREATE INDEX "flights_dep_airport_idx" ON "flights" USING btree ("departure_airport_id");--> statement-breakpoint
CREATE INDEX "flights_arr_airport_idx" ON "flights" USING btree ("arrival_airport_id");--> statement-breakpoint
CREATE INDEX "flights_tgo_idx" ON "flights" USING btree ("tgo_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "turnarounds_arrival_uq" ON "turnarounds" USING btree ("arrival_flight_id");--> statement-breakpoint
CREATE UNIQUE INDEX "turnarounds_departure_uq" ON "turnarounds" USING btree ("departure_flight_id");--> statement-breakpoint
CREATE UNIQUE INDEX "airlines_iata_uq" ON "airlines" USING btree ("iata_code");--> statement-breakpoint
CREATE UNIQUE INDEX "airlines_icao_uq" ON "airlines" USING btree ("icao_code");--> statement-breakpoint
CREATE INDEX "airlines_name_ru_idx" ON "airlines" USING btree ("name_ru");--> statement-breakpoint
CREATE UNIQUE INDEX "airports_iata_uq" ON "airports" USING btree ("iata_code");--> statement-breakpoint
CREATE UNIQUE INDEX "airports_icao_uq" ON "airports" USING btree ("icao_code");--> statement-breakpoint
CREATE INDEX "airports_name_ru_idx" ON "airports" USING btree ("name_ru");--> statement-breakpoint
CREATE INDEX "print_templates_type_idx" ON "print_templates" USING btree ("print_type_id");--> statement-breakpoint
CREATE INDEX "printers_type_idx" ON "printers" USING btree ("print_type_id","is_active");--> statement-breakpoint
CREATE INDEX "workplaces_kind_idx" ON "workplaces" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "departments_contractor_idx" ON "departments" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "departments_name_idx" ON "departments" USING btree ("name");--> statement-breakpoint
CREATE INDEX "employee_positions_department_idx" ON "employee_positions" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "employee_skills_skill_idx" ON "employee_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "employees_department_idx" ON "employees" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "employees_position_idx" ON "employees" USING btree ("employee_position_id");--> statement-breakpoint
CREATE INDEX "employees_name_idx" ON "employees" USING btree ("name");--> statement-breakpoint
CREATE INDEX "job_indicators_job_idx" ON "job_indicators" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_positions_position_idx" ON "job_positions" USING btree ("employee_position_id");--> statement-breakpoint
CREATE INDEX "job_resource_types_type_idx" ON "job_resource_types" USING btree ("resource_type_id");--> statement-breakpoint
CREATE INDEX "resources_type_idx" ON "resources" USING btree ("resource_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_employees_uq" ON "task_employees" USING btree ("task_id","employee_id");--> statement-breakpoint
CREATE INDEX "task_employees_employee_idx" ON "task_employees" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "task_positions_position_idx" ON "task_positions" USING btree ("employee_position_id");--> statement-breakpoint
CREATE INDEX "task_resources_task_idx" ON "task_resources" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "task_resources_type_idx" ON "task_resources" USING btree ("resource_type_id");--> statement-breakpoint
CREATE INDEX "task_resources_resource_idx" ON "task_resources" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "tasks_flight_idx" ON "tasks" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "tasks_begin_end_idx" ON "tasks" USING btree ("begin_at","end_at");--> statement-breakpoint
CREATE INDEX "tasks_plan_begin_end_idx" ON "tasks" USING btree ("plan_begin_at","plan_end_at");--> statement-breakpoint
CREATE INDEX "tasks_job_idx" ON "tasks" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "tgo_aircraft_types_type_idx" ON "tgo_aircraft_types" USING btree ("aircraft_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tgo_jobs_uq" ON "tgo_jobs" USING btree ("tgo_template_id","job_id");--> statement-breakpoint
CREATE INDEX "tgo_jobs_job_idx" ON "tgo_jobs" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "tgo_templates_match_idx" ON "tgo_templates" USING btree ("direction","flight_type_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;