CREATE TABLE "arrival_departure_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"resort_id" integer NOT NULL,
	"kind" text DEFAULT 'both' NOT NULL,
	"weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bed_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"persons" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"folder_id" integer,
	"type" text DEFAULT 'image' NOT NULL,
	"mime" text,
	"size" integer DEFAULT 0 NOT NULL,
	"width" integer,
	"height" integer,
	"caption" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"checksum" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_data" (
	"media_id" integer PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"thumbnail" "bytea"
);
--> statement-breakpoint
CREATE TABLE "media_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupancy" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"schedule_id" integer,
	"booking_id" integer,
	"entry_id" integer,
	"state" text NOT NULL,
	"holds" boolean NOT NULL,
	"hold_until" timestamp with time zone,
	"bed_assigned" boolean DEFAULT false NOT NULL,
	"whole_room" boolean DEFAULT true NOT NULL,
	"customer_id" integer,
	"gender" text DEFAULT 'u' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "occupancy_range" CHECK ("occupancy"."to_date" > "occupancy"."from_date")
);
--> statement-breakpoint
CREATE TABLE "resorts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"time_zone" text DEFAULT 'Europe/Berlin' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"country" text,
	"destination_id" integer,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email" text,
	"phone" text,
	"website" text,
	"check_in_time" text DEFAULT '14:00' NOT NULL,
	"check_out_time" text DEFAULT '11:00' NOT NULL,
	"images" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"reason" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_blocks_range" CHECK ("room_blocks"."to_date" > "room_blocks"."from_date")
);
--> statement-breakpoint
CREATE TABLE "room_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text,
	"resort_id" integer,
	"vessel_id" integer,
	"default_no_of_pax" integer DEFAULT 2 NOT NULL,
	"min_no_of_pax" integer DEFAULT 1 NOT NULL,
	"max_no_of_pax" integer DEFAULT 2 NOT NULL,
	"max_no_of_ota_pax" integer DEFAULT 2 NOT NULL,
	"available_to_ota" integer DEFAULT -1 NOT NULL,
	"room_type_ota" text DEFAULT 'Double' NOT NULL,
	"size_in_sqm" numeric(8, 2) DEFAULT '-1' NOT NULL,
	"surcharge" numeric(14, 2) DEFAULT '0' NOT NULL,
	"surcharge_type" text DEFAULT 'percent' NOT NULL,
	"hide" boolean DEFAULT false NOT NULL,
	"collapse" boolean DEFAULT false NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"images" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sort" integer DEFAULT 9999 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_types_one_asset" CHECK (("room_types"."resort_id" is null) <> ("room_types"."vessel_id" is null))
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"internal_id" text,
	"type" text DEFAULT 'Room' NOT NULL,
	"resort_id" integer,
	"vessel_id" integer,
	"room_type_id" integer,
	"deck_id" integer,
	"deck_position" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"hide" boolean DEFAULT false NOT NULL,
	"available_beds" integer DEFAULT 0 NOT NULL,
	"allow_shared_room" boolean DEFAULT false NOT NULL,
	"allow_mixed_gender" boolean DEFAULT false NOT NULL,
	"bed_type_id" integer,
	"additional_bed_types" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"housekeeping" text DEFAULT 'clean' NOT NULL,
	"usage_state" text DEFAULT 'free' NOT NULL,
	"images" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"configuration" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 9999 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_one_asset" CHECK (("rooms"."resort_id" is null) <> ("rooms"."vessel_id" is null))
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"vessel_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"embark_port_id" integer,
	"disembark_port_id" integer,
	"price_id" integer,
	"full_charter_price" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_range" CHECK ("schedules"."to_date" > "schedules"."from_date")
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"vessel_id" integer,
	"destination_id" integer,
	"embark_port_id" integer,
	"disembark_port_id" integer,
	"nights" integer DEFAULT 7 NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"itinerary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"included" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"excluded" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"color" text,
	"images" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vessel_decks" (
	"id" serial PRIMARY KEY NOT NULL,
	"vessel_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"plan_image" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vessel_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"vessel_id" integer,
	"kind" text DEFAULT 'manifest' NOT NULL,
	"columns" text[] DEFAULT '{}'::text[] NOT NULL,
	"language" text,
	"landscape" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vessels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"time_zone" text DEFAULT 'Europe/Berlin' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"home_port_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"images" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "arrival_departure_rules" ADD CONSTRAINT "arrival_departure_rules_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_folder_id_media_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."media_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_data" ADD CONSTRAINT "media_data_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_folders" ADD CONSTRAINT "media_folders_parent_id_media_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."media_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancy" ADD CONSTRAINT "occupancy_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancy" ADD CONSTRAINT "occupancy_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancy" ADD CONSTRAINT "occupancy_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resorts" ADD CONSTRAINT "resorts_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_deck_id_vessel_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."vessel_decks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_bed_type_id_bed_types_id_fk" FOREIGN KEY ("bed_type_id") REFERENCES "public"."bed_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_embark_port_id_ports_id_fk" FOREIGN KEY ("embark_port_id") REFERENCES "public"."ports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_disembark_port_id_ports_id_fk" FOREIGN KEY ("disembark_port_id") REFERENCES "public"."ports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_embark_port_id_ports_id_fk" FOREIGN KEY ("embark_port_id") REFERENCES "public"."ports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_disembark_port_id_ports_id_fk" FOREIGN KEY ("disembark_port_id") REFERENCES "public"."ports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vessel_decks" ADD CONSTRAINT "vessel_decks_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vessel_decks" ADD CONSTRAINT "vessel_decks_plan_image_media_id_fk" FOREIGN KEY ("plan_image") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vessel_lists" ADD CONSTRAINT "vessel_lists_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vessels" ADD CONSTRAINT "vessels_home_port_id_ports_id_fk" FOREIGN KEY ("home_port_id") REFERENCES "public"."ports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arrival_departure_resort_idx" ON "arrival_departure_rules" USING btree ("resort_id");--> statement-breakpoint
CREATE INDEX "media_folder_idx" ON "media" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "media_folders_parent_idx" ON "media_folders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "occupancy_booking_idx" ON "occupancy" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "occupancy_schedule_idx" ON "occupancy" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "room_blocks_room_idx" ON "room_blocks" USING btree ("room_id","from_date");--> statement-breakpoint
CREATE INDEX "room_types_resort_idx" ON "room_types" USING btree ("resort_id");--> statement-breakpoint
CREATE INDEX "room_types_vessel_idx" ON "room_types" USING btree ("vessel_id");--> statement-breakpoint
CREATE INDEX "rooms_resort_idx" ON "rooms" USING btree ("resort_id");--> statement-breakpoint
CREATE INDEX "rooms_vessel_idx" ON "rooms" USING btree ("vessel_id");--> statement-breakpoint
CREATE INDEX "rooms_room_type_idx" ON "rooms" USING btree ("room_type_id");--> statement-breakpoint
CREATE INDEX "schedules_vessel_idx" ON "schedules" USING btree ("vessel_id","from_date");--> statement-breakpoint
CREATE INDEX "schedules_tour_idx" ON "schedules" USING btree ("tour_id","from_date");--> statement-breakpoint
CREATE INDEX "vessel_decks_vessel_idx" ON "vessel_decks" USING btree ("vessel_id");--> statement-breakpoint
-- Exclusion constraints (btree_gist, migration 0000); drizzle cannot declare them, so they live here.
-- Two live departures of one vessel never overlap on [from, to).
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_no_overlap" EXCLUDE USING gist ("vessel_id" WITH =, daterange("from_date", "to_date") WITH &&) WHERE ("status" <> 'cancelled');--> statement-breakpoint
-- Two holding rows of one room unit (whole room or bed) never share a night. Its gist index also
-- serves the availability query (room, unit, nights).
ALTER TABLE "occupancy" ADD CONSTRAINT "occupancy_no_overlap" EXCLUDE USING gist ("room_id" WITH =, "unit" WITH =, daterange("from_date", "to_date") WITH &&) WHERE ("holds");--> statement-breakpoint
-- The nights alone: the availability of a whole resort or vessel asks one date window for all its rooms.
CREATE INDEX "occupancy_nights_idx" ON "occupancy" USING gist (daterange("from_date", "to_date")) WHERE ("holds");
