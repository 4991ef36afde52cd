CREATE TABLE "booking_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "booking_guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"booking_room_id" integer NOT NULL,
	"customer_id" integer,
	"name" text,
	"gender" text DEFAULT 'u' NOT NULL,
	"age" integer,
	"variant_id" integer,
	"bed" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"room_type_id" integer,
	"schedule_id" integer,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"whole" boolean DEFAULT true NOT NULL,
	"check_in" timestamp with time zone,
	"check_out" timestamp with time zone,
	"locked" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_rooms_range" CHECK ("booking_rooms"."to_date" > "booking_rooms"."from_date")
);
--> statement-breakpoint
CREATE TABLE "booking_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"offer_no" text,
	"reservation_no" text,
	"booking_no" text,
	"type" text DEFAULT 'resort' NOT NULL,
	"channel" text DEFAULT 'Booking' NOT NULL,
	"resort_id" integer,
	"vessel_id" integer,
	"schedule_id" integer,
	"tour_id" integer,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"no_of_pax" integer DEFAULT 0 NOT NULL,
	"customer_id" integer,
	"agency_id" integer,
	"user_id" integer,
	"source_id" integer,
	"category_id" integer,
	"language" text DEFAULT 'de' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"terms_of_payment" jsonb,
	"commission" numeric(14, 2) DEFAULT '0' NOT NULL,
	"commission_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"explanation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"evaluation_date" date,
	"option_expiry" timestamp with time zone,
	"reservation_date" timestamp with time zone,
	"booking_date" timestamp with time zone,
	"cancelation_date" timestamp with time zone,
	"resolved_date" timestamp with time zone,
	"freed_date" timestamp with time zone,
	"deleted_date" timestamp with time zone,
	"cancellation" jsonb,
	"release_reason" text,
	"chosen_specials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_open_todos" boolean DEFAULT false NOT NULL,
	"has_exceeded_due_date" boolean DEFAULT false NOT NULL,
	"system_reference" text,
	"note" text,
	"internal_note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_range" CHECK ("bookings"."to_date" > "bookings"."from_date")
);
--> statement-breakpoint
CREATE TABLE "calculation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"sort" integer DEFAULT 9999 NOT NULL,
	"amount" numeric(14, 3) DEFAULT '1' NOT NULL,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"customer_type" text DEFAULT 'None' NOT NULL,
	"guest_id" integer,
	"editable" boolean DEFAULT true NOT NULL,
	"deletable" boolean DEFAULT true NOT NULL,
	"unique" boolean DEFAULT false NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"custom_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_guests" ADD CONSTRAINT "booking_guests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_guests" ADD CONSTRAINT "booking_guests_booking_room_id_booking_rooms_id_fk" FOREIGN KEY ("booking_room_id") REFERENCES "public"."booking_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_guests" ADD CONSTRAINT "booking_guests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_guests" ADD CONSTRAINT "booking_guests_variant_id_price_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."price_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD CONSTRAINT "booking_rooms_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD CONSTRAINT "booking_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD CONSTRAINT "booking_rooms_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD CONSTRAINT "booking_rooms_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_versions" ADD CONSTRAINT "booking_versions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_versions" ADD CONSTRAINT "booking_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_source_id_booking_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."booking_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_category_id_booking_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."booking_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_lines" ADD CONSTRAINT "calculation_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_lines" ADD CONSTRAINT "calculation_lines_guest_id_booking_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."booking_guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_guests_booking_idx" ON "booking_guests" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_guests_customer_idx" ON "booking_guests" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "booking_rooms_booking_idx" ON "booking_rooms" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_rooms_room_idx" ON "booking_rooms" USING btree ("room_id","from_date");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_versions_booking_version_unique" ON "booking_versions" USING btree ("booking_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_offer_no_unique" ON "bookings" USING btree ("offer_no");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reservation_no_unique" ON "bookings" USING btree ("reservation_no");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_booking_no_unique" ON "bookings" USING btree ("booking_no");--> statement-breakpoint
CREATE INDEX "bookings_from_idx" ON "bookings" USING btree ("from_date","id");--> statement-breakpoint
CREATE INDEX "bookings_state_idx" ON "bookings" USING btree ("state","from_date");--> statement-breakpoint
CREATE INDEX "bookings_agency_idx" ON "bookings" USING btree ("agency_id","from_date");--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "bookings_schedule_idx" ON "bookings" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "bookings_resort_idx" ON "bookings" USING btree ("resort_id","from_date");--> statement-breakpoint
CREATE INDEX "bookings_vessel_idx" ON "bookings" USING btree ("vessel_id","from_date");--> statement-breakpoint
CREATE INDEX "calculation_lines_booking_idx" ON "calculation_lines" USING btree ("booking_id","position");