CREATE TABLE "flight_delays" (
	"id" serial PRIMARY KEY NOT NULL,
	"flight_id" integer NOT NULL,
	"delay_iata_code_id" integer NOT NULL,
	"minutes" integer NOT NULL,
	"employee_id" integer,
	CONSTRAINT "flight_delays_minutes_ck" CHECK ("flight_delays"."minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "pattern_departments" (
	"pattern_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	CONSTRAINT "pattern_departments_pattern_id_department_id_pk" PRIMARY KEY("pattern_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "pattern_position_exclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"pattern_id" integer NOT NULL,
	"employee_position_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patterns" (
	"id" serial PRIMARY KEY NOT NULL,
	"pattern_type_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flight_delays" ADD CONSTRAINT "flight_delays_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_delays" ADD CONSTRAINT "flight_delays_delay_iata_code_id_delay_iata_codes_id_fk" FOREIGN KEY ("delay_iata_code_id") REFERENCES "public"."delay_iata_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_delays" ADD CONSTRAINT "flight_delays_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pattern_departments" ADD CONSTRAINT "pattern_departments_pattern_id_patterns_id_fk" FOREIGN KEY ("pattern_id") REFERENCES "public"."patterns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pattern_departments" ADD CONSTRAINT "pattern_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pattern_position_exclusions" ADD CONSTRAINT "pattern_position_exclusions_pattern_id_patterns_id_fk" FOREIGN KEY ("pattern_id") REFERENCES "public"."patterns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pattern_position_exclusions" ADD CONSTRAINT "pattern_position_exclusions_employee_position_id_employee_positions_id_fk" FOREIGN KEY ("employee_position_id") REFERENCES "public"."employee_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patterns" ADD CONSTRAINT "patterns_pattern_type_id_pattern_types_id_fk" FOREIGN KEY ("pattern_type_id") REFERENCES "public"."pattern_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flight_delays_flight_idx" ON "flight_delays" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "flight_delays_employee_idx" ON "flight_delays" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "flight_delays_code_idx" ON "flight_delays" USING btree ("delay_iata_code_id");--> statement-breakpoint
CREATE INDEX "pattern_departments_department_idx" ON "pattern_departments" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pattern_position_exclusions_uq" ON "pattern_position_exclusions" USING btree ("pattern_id","employee_position_id");--> statement-breakpoint
CREATE INDEX "pattern_position_exclusions_position_idx" ON "pattern_position_exclusions" USING btree ("employee_position_id");--> statement-breakpoint
CREATE INDEX "patterns_type_idx" ON "patterns" USING btree ("pattern_type_id");