CREATE TABLE "aviacompany_baggage_registers" (
	"id" serial PRIMARY KEY NOT NULL,
	"aviacompany_id" integer NOT NULL,
	"is_enabled" boolean NOT NULL,
	"bsm_exchange" boolean NOT NULL,
	"bpm_exchange" boolean NOT NULL,
	"max_bag_weight_kg" smallint NOT NULL,
	"max_bag_pieces" smallint NOT NULL,
	"loading_close_minutes" smallint NOT NULL,
	"priority_tag_handling" text NOT NULL,
	"rush_tag_handling" text NOT NULL,
	CONSTRAINT "aviacompany_baggage_registers_airline_uq" UNIQUE("aviacompany_id"),
	CONSTRAINT "aviacompany_baggage_registers_max_bag_weight_kg_ck" CHECK (max_bag_weight_kg between 1 and 100),
	CONSTRAINT "aviacompany_baggage_registers_max_bag_pieces_ck" CHECK (max_bag_pieces between 1 and 20),
	CONSTRAINT "aviacompany_baggage_registers_loading_close_minutes_ck" CHECK (loading_close_minutes between 0 and 240),
	CONSTRAINT "aviacompany_baggage_registers_priority_tag_handling_ck" CHECK (priority_tag_handling in ('none', 'load_last', 'separate_container')),
	CONSTRAINT "aviacompany_baggage_registers_rush_tag_handling_ck" CHECK (rush_tag_handling in ('auto', 'manual', 'refuse'))
);
--> statement-breakpoint
ALTER TABLE "aviacompany_baggage_registers" ADD CONSTRAINT "aviacompany_baggage_registers_aviacompany_id_airlines_id_fk" FOREIGN KEY ("aviacompany_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;