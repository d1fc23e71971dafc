CREATE TABLE "bag_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"bag_id" integer NOT NULL,
	"airline_id" integer NOT NULL,
	"airport_id" integer NOT NULL,
	"flight_number" text NOT NULL,
	"number_in_route" smallint NOT NULL,
	"date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bags" (
	"id" serial PRIMARY KEY NOT NULL,
	"flight_id" integer NOT NULL,
	"airline_id" integer NOT NULL,
	"passenger_name" text NOT NULL,
	"tag" text NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "bags_status_ck" CHECK ("bags"."status" in ('checked', 'loaded', 'mishandled', 'rushed')),
	CONSTRAINT "bags_tag_ck" CHECK ("bags"."tag" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text[] NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rush_id" integer,
	CONSTRAINT "mail_outbox_status_ck" CHECK ("mail_outbox"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "minor_bags" (
	"id" serial PRIMARY KEY NOT NULL,
	"major_bag_id" integer NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "minor_bags_tag_ck" CHECK ("minor_bags"."tag" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "rush_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"rush_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"airline_id" integer NOT NULL,
	"airport_id" integer NOT NULL,
	"flight_number" text NOT NULL,
	"number_in_route" smallint NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "rush_routes_kind_ck" CHECK ("rush_routes"."kind" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "rush_tag_counters" (
	"carrier_code" text PRIMARY KEY NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "rush_tag_counters_code_ck" CHECK ("rush_tag_counters"."carrier_code" ~ '^[0-9]{3}$')
);
--> statement-breakpoint
CREATE TABLE "rush_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"airline_id" integer NOT NULL,
	"serial" integer NOT NULL,
	"bag_id" integer,
	"minor_bag_id" integer,
	"rush_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "rush_tags_tag_ck" CHECK ("rush_tags"."tag" ~ '^2[0-9]{9}$'),
	CONSTRAINT "rush_tags_serial_ck" CHECK ("rush_tags"."serial" between 1 and 999999)
);
--> statement-breakpoint
CREATE TABLE "rushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"airport_id" integer NOT NULL,
	"rush_baggage_code_id" integer NOT NULL,
	"act_number" text NOT NULL,
	"claim_number" text NOT NULL,
	"comment" text NOT NULL,
	"rush_flight_id" integer,
	"emails" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "bag_routes" ADD CONSTRAINT "bag_routes_bag_id_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_routes" ADD CONSTRAINT "bag_routes_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_routes" ADD CONSTRAINT "bag_routes_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bags" ADD CONSTRAINT "bags_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bags" ADD CONSTRAINT "bags_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_rush_id_rushes_id_fk" FOREIGN KEY ("rush_id") REFERENCES "public"."rushes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minor_bags" ADD CONSTRAINT "minor_bags_major_bag_id_bags_id_fk" FOREIGN KEY ("major_bag_id") REFERENCES "public"."bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rush_routes" ADD CONSTRAINT "rush_routes_rush_id_rushes_id_fk" FOREIGN KEY ("rush_id") REFERENCES "public"."rushes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rush_routes" ADD CONSTRAINT "rush_routes_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rush_routes" ADD CONSTRAINT "rush_routes_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rush_tags" ADD CONSTRAINT "rush_tags_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rush_tags" ADD CONSTRAINT "rush_tags_bag_id_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."bags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rush_tags" ADD CONSTRAINT "rush_tags_minor_bag_id_minor_bags_id_fk" FOREIGN KEY ("minor_bag_id") REFERENCES "public"."minor_bags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rush_tags" ADD CONSTRAINT "rush_tags_rush_id_rushes_id_fk" FOREIGN KEY ("rush_id") REFERENCES "public"."rushes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rush_tags" ADD CONSTRAINT "rush_tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rushes" ADD CONSTRAINT "rushes_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rushes" ADD CONSTRAINT "rushes_rush_baggage_code_id_rush_baggage_codes_id_fk" FOREIGN KEY ("rush_baggage_code_id") REFERENCES "public"."rush_baggage_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rushes" ADD CONSTRAINT "rushes_rush_flight_id_flights_id_fk" FOREIGN KEY ("rush_flight_id") REFERENCES "public"."flights"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rushes" ADD CONSTRAINT "rushes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bag_routes_leg_uq" ON "bag_routes" USING btree ("bag_id","number_in_route");--> statement-breakpoint
CREATE INDEX "bags_flight_idx" ON "bags" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "bags_tag_idx" ON "bags" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "mail_outbox_queue_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "minor_bags_major_idx" ON "minor_bags" USING btree ("major_bag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rush_routes_leg_uq" ON "rush_routes" USING btree ("rush_id","kind","number_in_route");--> statement-breakpoint
CREATE UNIQUE INDEX "rush_tags_tag_uq" ON "rush_tags" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "rush_tags_bag_idx" ON "rush_tags" USING btree ("bag_id");--> statement-breakpoint
CREATE INDEX "rush_tags_minor_idx" ON "rush_tags" USING btree ("minor_bag_id");--> statement-breakpoint
CREATE INDEX "rushes_flight_idx" ON "rushes" USING btree ("rush_flight_id");--> statement-breakpoint
INSERT INTO "rush_baggage_codes" ("number_code", "description") VALUES
  ('11', 'Не загружен на стыковочный рейс (трансфер)'),
  ('12', 'Ошибка загрузки'),
  ('13', 'Снят службой авиационной безопасности'),
  ('14', 'Задержан таможенным или пограничным контролем'),
  ('15', 'Неверная, утерянная или нечитаемая бирка'),
  ('16', 'Ограничение по загрузке (место, вес)'),
  ('17', 'Поздняя регистрация'),
  ('18', 'Ошибка регистрации (неверный маршрут)'),
  ('19', 'Ошибка сортировки'),
  ('71', 'Ошибка станции прибытия (не выдан, засылка)'),
  ('72', 'Сбой системы обработки багажа'),
  ('73', 'Отмена или замена рейса'),
  ('74', 'Погодные условия'),
  ('79', 'Прочие причины')
ON CONFLICT ("number_code") DO NOTHING;
