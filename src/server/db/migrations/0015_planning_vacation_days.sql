CREATE TABLE "planning_vacation_days" (
	"calc_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "planning_vacation_days_calc_id_employee_id_day_pk" PRIMARY KEY("calc_id","employee_id","day")
);
--> statement-breakpoint
ALTER TABLE "planning_vacation_days" ADD CONSTRAINT "planning_vacation_days_calc_id_planning_calcs_id_fk" FOREIGN KEY ("calc_id") REFERENCES "public"."planning_calcs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_vacation_days" ADD CONSTRAINT "planning_vacation_days_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planning_vacation_days_employee_idx" ON "planning_vacation_days" USING btree ("employee_id");