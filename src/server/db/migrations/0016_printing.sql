CREATE TABLE "pectab_layouts" (
	"template_id" integer PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"width_mm" numeric(6, 1) NOT NULL,
	"length_mm" numeric(6, 1) NOT NULL,
	"barcode_height_mm" numeric(5, 1) NOT NULL,
	"module_tenth_mm" smallint NOT NULL,
	CONSTRAINT "pectab_layouts_language_ck" CHECK ("pectab_layouts"."language" in ('pdf', 'zpl')),
	CONSTRAINT "pectab_layouts_size_ck" CHECK ("pectab_layouts"."width_mm" >= 30 and "pectab_layouts"."length_mm" >= 100 and "pectab_layouts"."length_mm" <= 1000),
	CONSTRAINT "pectab_layouts_barcode_ck" CHECK ("pectab_layouts"."barcode_height_mm" between 5 and "pectab_layouts"."width_mm"),
	CONSTRAINT "pectab_layouts_module_ck" CHECK ("pectab_layouts"."module_tenth_mm" between 2 and 10)
);
--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"printer_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"tag_ids" integer[] NOT NULL,
	"copies" smallint NOT NULL,
	"pages" integer NOT NULL,
	"status" text NOT NULL,
	"file_name" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_jobs_status_ck" CHECK ("print_jobs"."status" in ('spooled', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "windings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "windings_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "pectab_layouts" ADD CONSTRAINT "pectab_layouts_template_id_print_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."print_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_template_id_print_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."print_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_created_at_idx" ON "print_jobs" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "windings" ("id", "name") VALUES (1, 'Лицом наружу'), (2, 'Лицом внутрь');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('windings', 'id'), 2);
