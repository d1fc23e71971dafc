CREATE TABLE "vip_field_airlines" (
	"vip_field_id" integer NOT NULL,
	"aviacompany_id" integer NOT NULL,
	CONSTRAINT "vip_field_airlines_vip_field_id_aviacompany_id_pk" PRIMARY KEY("vip_field_id","aviacompany_id")
);
--> statement-breakpoint
CREATE TABLE "vip_field_card_bank_types" (
	"vip_field_id" integer NOT NULL,
	"vip_hall_card_bank_type_id" integer NOT NULL,
	CONSTRAINT "vip_field_card_bank_types_vip_field_id_vip_hall_card_bank_type_id_pk" PRIMARY KEY("vip_field_id","vip_hall_card_bank_type_id")
);
--> statement-breakpoint
CREATE TABLE "vip_field_directions" (
	"vip_field_id" integer NOT NULL,
	"direction_id" smallint NOT NULL,
	CONSTRAINT "vip_field_directions_vip_field_id_direction_id_pk" PRIMARY KEY("vip_field_id","direction_id"),
	CONSTRAINT "vip_field_directions_direction_ck" CHECK ("vip_field_directions"."direction_id" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "vip_field_flight_classes" (
	"vip_field_id" integer NOT NULL,
	"flight_class_id" integer NOT NULL,
	CONSTRAINT "vip_field_flight_classes_vip_field_id_flight_class_id_pk" PRIMARY KEY("vip_field_id","flight_class_id")
);
--> statement-breakpoint
CREATE TABLE "vip_field_flight_types" (
	"vip_field_id" integer NOT NULL,
	"flight_type_id" integer NOT NULL,
	CONSTRAINT "vip_field_flight_types_vip_field_id_flight_type_id_pk" PRIMARY KEY("vip_field_id","flight_type_id")
);
--> statement-breakpoint
CREATE TABLE "vip_field_hall_access_types" (
	"vip_field_id" integer NOT NULL,
	"vip_hall_access_type_id" integer NOT NULL,
	CONSTRAINT "vip_field_hall_access_types_vip_field_id_vip_hall_access_type_id_pk" PRIMARY KEY("vip_field_id","vip_hall_access_type_id")
);
--> statement-breakpoint
CREATE TABLE "vip_field_loyalty_card_types" (
	"vip_field_id" integer NOT NULL,
	"loyalty_card_type_id" integer NOT NULL,
	CONSTRAINT "vip_field_loyalty_card_types_vip_field_id_loyalty_card_type_id_pk" PRIMARY KEY("vip_field_id","loyalty_card_type_id")
);
--> statement-breakpoint
CREATE TABLE "vip_field_passenger_categories" (
	"vip_field_id" integer NOT NULL,
	"passenger_category_id" integer NOT NULL,
	CONSTRAINT "vip_field_passenger_categories_vip_field_id_passenger_category_id_pk" PRIMARY KEY("vip_field_id","passenger_category_id")
);
--> statement-breakpoint
CREATE TABLE "vip_field_pay_types" (
	"vip_field_id" integer NOT NULL,
	"vip_hall_pay_type_id" integer NOT NULL,
	CONSTRAINT "vip_field_pay_types_vip_field_id_vip_hall_pay_type_id_pk" PRIMARY KEY("vip_field_id","vip_hall_pay_type_id")
);
--> statement-breakpoint
CREATE TABLE "vip_field_service_halls" (
	"vip_field_id" integer NOT NULL,
	"service_halls_id" integer NOT NULL,
	CONSTRAINT "vip_field_service_halls_vip_field_id_service_halls_id_pk" PRIMARY KEY("vip_field_id","service_halls_id")
);
--> statement-breakpoint
CREATE TABLE "vip_field_travel_classes" (
	"vip_field_id" integer NOT NULL,
	"travel_class_id" integer NOT NULL,
	CONSTRAINT "vip_field_travel_classes_vip_field_id_travel_class_id_pk" PRIMARY KEY("vip_field_id","travel_class_id")
);
--> statement-breakpoint
CREATE TABLE "vip_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_guest_count" boolean DEFAULT false NOT NULL,
	"use_parent_access_type" boolean
);
--> statement-breakpoint
ALTER TABLE "vip_field_airlines" ADD CONSTRAINT "vip_field_airlines_vip_field_id_vip_fields_id_fk" FOREIGN KEY ("vip_field_id") REFERENCES "public"."vip_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_airlines" ADD CONSTRAINT "vip_field_airlines_aviacompany_id_airlines_id_fk" FOREIGN KEY ("aviacompany_id") REFERENCES "public"."airlines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_card_bank_types" ADD CONSTRAINT "vip_field_card_bank_types_vip_field_id_vip_fields_id_fk" FOREIGN KEY ("vip_field_id") REFERENCES "public"."vip_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_card_bank_types" ADD CONSTRAINT "vip_field_card_bank_types_vip_hall_card_bank_type_id_card_bank_types_id_fk" FOREIGN KEY ("vip_hall_card_bank_type_id") REFERENCES "public"."card_bank_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_directions" ADD CONSTRAINT "vip_field_directions_vip_field_id_vip_fields_id_fk" FOREIGN KEY ("vip_field_id") REFERENCES "public"."vip_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_flight_classes" ADD CONSTRAINT "vip_field_flight_classes_vip_field_id_vip_fields_id_fk" FOREIGN KEY ("vip_field_id") REFERENCES "public"."vip_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_flight_classes" ADD CONSTRAINT "vip_field_flight_classes_flight_class_id_flight_classes_id_fk" FOREIGN KEY ("flight_class_id") REFERENCES "public"."flight_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_flight_types" ADD CONSTRAINT "vip_field_flight_types_vip_field_id_vip_fields_id_fk" FOREIGN KEY ("vip_field_id") REFERENCES "public"."vip_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_flight_types" ADD CONSTRAINT "vip_field_flight_types_flight_type_id_flight_types_id_fk" FOREIGN KEY ("flight_type_id") REFERENCES "public"."flight_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_hall_access_types" ADD CONSTRAINT "vip_field_hall_access_types_vip_field_id_vip_fields_id_fk" FOREIGN KEY ("vip_field_id") REFERENCES "public"."vip_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_hall_access_types" ADD CONSTRAINT "vip_field_hall_access_types_vip_hall_access_type_id_hall_access_types_id_fk" FOREIGN KEY ("vip_hall_access_type_id") REFERENCES "public"."hall_access_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_loyalty_card_types" ADD CONSTRAINT "vip_field_loyalty_card_types_vip_field_id_vip_fields_id_fk" FOREIGN KEY ("vip_field_id") REFERENCES "public"."vip_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_loyalty_card_types" ADD CONSTRAINT "vip_field_loyalty_card_types_loyalty_card_type_id_loyalty_card_types_id_fk" FOREIGN KEY ("loyalty_card_type_id") REFERENCES "public"."loyalty_card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_passenger_categories" ADD CONSTRAINT "vip_field_passenger_categories_vip_field_id_vip_fields_id_fk" FOREIGN KEY ("vip_field_id") REFERENCES "public"."vip_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_passenger_categories" ADD CONSTRAINT "vip_field_passenger_categories_passenger_category_id_passenger_categories_id_fk" FOREIGN KEY ("passenger_category_id") REFERENCES "public"."passenger_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_pay_types" ADD CONSTRAINT "vip_field_pay_types_vip_field_id_vip_fields_id_fk" FOREIGN KEY ("vip_field_id") REFERENCES "public"."vip_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_pay_types" ADD CONSTRAINT "vip_field_pay_types_vip_hall_pay_type_id_pay_types_id_fk" FOREIGN KEY ("vip_hall_pay_type_id") REFERENCES "public"."pay_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_service_halls" ADD CONSTRAINT "vip_field_service_halls_vip_field_id_vip_fields_id_fk" FOREIGN KEY ("vip_field_id") REFERENCES "public"."vip_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_service_halls" ADD CONSTRAINT "vip_field_service_halls_service_halls_id_service_halls_id_fk" FOREIGN KEY ("service_halls_id") REFERENCES "public"."service_halls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_travel_classes" ADD CONSTRAINT "vip_field_travel_classes_vip_field_id_vip_fields_id_fk" FOREIGN KEY ("vip_field_id") REFERENCES "public"."vip_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_field_travel_classes" ADD CONSTRAINT "vip_field_travel_classes_travel_class_id_travel_classes_id_fk" FOREIGN KEY ("travel_class_id") REFERENCES "public"."travel_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vip_field_airlines_ref_idx" ON "vip_field_airlines" USING btree ("aviacompany_id");--> statement-breakpoint
CREATE INDEX "vip_field_card_bank_types_ref_idx" ON "vip_field_card_bank_types" USING btree ("vip_hall_card_bank_type_id");--> statement-breakpoint
CREATE INDEX "vip_field_flight_classes_ref_idx" ON "vip_field_flight_classes" USING btree ("flight_class_id");--> statement-breakpoint
CREATE INDEX "vip_field_flight_types_ref_idx" ON "vip_field_flight_types" USING btree ("flight_type_id");--> statement-breakpoint
CREATE INDEX "vip_field_hall_access_types_ref_idx" ON "vip_field_hall_access_types" USING btree ("vip_hall_access_type_id");--> statement-breakpoint
CREATE INDEX "vip_field_loyalty_card_types_ref_idx" ON "vip_field_loyalty_card_types" USING btree ("loyalty_card_type_id");--> statement-breakpoint
CREATE INDEX "vip_field_passenger_categories_ref_idx" ON "vip_field_passenger_categories" USING btree ("passenger_category_id");--> statement-breakpoint
CREATE INDEX "vip_field_pay_types_ref_idx" ON "vip_field_pay_types" USING btree ("vip_hall_pay_type_id");--> statement-breakpoint
CREATE INDEX "vip_field_service_halls_ref_idx" ON "vip_field_service_halls" USING btree ("service_halls_id");--> statement-breakpoint
CREATE INDEX "vip_field_travel_classes_ref_idx" ON "vip_field_travel_classes" USING btree ("travel_class_id");