CREATE TABLE "team_employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"is_main_employee" boolean DEFAULT false NOT NULL,
	"template_team_rule_employee_id" integer
);
--> statement-breakpoint
CREATE TABLE "team_flights" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"aid" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_position_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"employee_position_id" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "team_position_rules_count_ck" CHECK ("team_position_rules"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "team_rule_accesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"resource_id" integer,
	"resource_type_id" integer,
	"aircraft_type_id" integer,
	"job_id" integer,
	CONSTRAINT "team_rule_accesses_one_target_ck" CHECK (num_nonnulls("team_rule_accesses"."resource_id", "team_rule_accesses"."resource_type_id", "team_rule_accesses"."aircraft_type_id", "team_rule_accesses"."job_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"begin_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"department_id" integer NOT NULL,
	"team_status_id" integer NOT NULL,
	"template_team_rule_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_period_ck" CHECK ("teams"."end_at" > "teams"."begin_at")
);
--> statement-breakpoint
ALTER TABLE "team_employees" ADD CONSTRAINT "team_employees_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_employees" ADD CONSTRAINT "team_employees_rule_id_team_position_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."team_position_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_employees" ADD CONSTRAINT "team_employees_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_flights" ADD CONSTRAINT "team_flights_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_flights" ADD CONSTRAINT "team_flights_aid_turnarounds_aid_fk" FOREIGN KEY ("aid") REFERENCES "public"."turnarounds"("aid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_flights" ADD CONSTRAINT "team_flights_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_position_rules" ADD CONSTRAINT "team_position_rules_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_position_rules" ADD CONSTRAINT "team_position_rules_employee_position_id_employee_positions_id_fk" FOREIGN KEY ("employee_position_id") REFERENCES "public"."employee_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rule_accesses" ADD CONSTRAINT "team_rule_accesses_rule_id_team_position_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."team_position_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rule_accesses" ADD CONSTRAINT "team_rule_accesses_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rule_accesses" ADD CONSTRAINT "team_rule_accesses_resource_type_id_resource_types_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rule_accesses" ADD CONSTRAINT "team_rule_accesses_aircraft_type_id_aircraft_types_id_fk" FOREIGN KEY ("aircraft_type_id") REFERENCES "public"."aircraft_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rule_accesses" ADD CONSTRAINT "team_rule_accesses_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_team_status_id_team_statuses_id_fk" FOREIGN KEY ("team_status_id") REFERENCES "public"."team_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_employees_uq" ON "team_employees" USING btree ("team_id","employee_id");--> statement-breakpoint
CREATE INDEX "team_employees_rule_idx" ON "team_employees" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "team_employees_employee_idx" ON "team_employees" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_flights_aid_uq" ON "team_flights" USING btree ("aid");--> statement-breakpoint
CREATE INDEX "team_flights_team_idx" ON "team_flights" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_position_rules_uq" ON "team_position_rules" USING btree ("team_id","employee_position_id");--> statement-breakpoint
CREATE INDEX "team_rule_accesses_rule_idx" ON "team_rule_accesses" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "teams_period_idx" ON "teams" USING gist (tstzrange("begin_at", "end_at", '[)'));--> statement-breakpoint
CREATE INDEX "teams_department_idx" ON "teams" USING btree ("department_id");