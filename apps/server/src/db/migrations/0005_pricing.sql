CREATE TABLE "commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"resort_id" integer,
	"vessel_id" integer,
	"valid_from" date,
	"valid_to" date,
	"percent" numeric(5, 2) NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissions_at_most_one_asset" CHECK ("commissions"."resort_id" is null or "commissions"."vessel_id" is null)
);
--> statement-breakpoint
CREATE TABLE "payment_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deposit_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"deposit_absolute" numeric(14, 2),
	"deposit_due_days" integer DEFAULT 7 NOT NULL,
	"on_reservation" boolean DEFAULT false NOT NULL,
	"rest_due_days_before_arrival" integer DEFAULT 60 NOT NULL,
	"option_days" integer DEFAULT 7 NOT NULL,
	"cancellation_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deposit_non_refundable" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"schedule_id" integer,
	"currency" text NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"surcharge" numeric(14, 2),
	"surcharge_type" text,
	"discount" numeric(14, 2),
	"discount_type" text
);
--> statement-breakpoint
CREATE TABLE "price_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"no_of_pax" integer,
	"max_age" integer,
	"per_person" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"full_charter" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"internal_id" text,
	"resort_id" integer,
	"vessel_id" integer,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"periods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"calculation_type" text DEFAULT 'unit' NOT NULL,
	"type" text DEFAULT 'Season' NOT NULL,
	"variants" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"base_price" numeric(14, 2),
	"surcharge" numeric(14, 2) DEFAULT '0' NOT NULL,
	"surcharge_type" text DEFAULT 'percent' NOT NULL,
	"discount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount_type" text DEFAULT 'percent' NOT NULL,
	"currencies" text[] DEFAULT '{EUR}'::text[] NOT NULL,
	"use_onsite_currency" boolean DEFAULT false NOT NULL,
	"tax" jsonb DEFAULT '{"status":"aborted","value":"0","inclusive":true}'::jsonb NOT NULL,
	"commission" numeric(5, 2) DEFAULT '0' NOT NULL,
	"terms_of_payment_id" integer,
	"default_terms_of_payment" boolean DEFAULT true NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"included_services" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"excluded_services" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_available_to_ota" boolean DEFAULT false NOT NULL,
	"min_nights" integer,
	"tour_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prices_one_asset" CHECK (("prices"."resort_id" is null) <> ("prices"."vessel_id" is null)),
	CONSTRAINT "prices_valid_range" CHECK ("prices"."valid_to" >= "prices"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "specials" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"type" text DEFAULT 'special' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"date_from" date,
	"date_to" date,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount" text DEFAULT 'PerCent' NOT NULL,
	"discount_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"reduce" boolean DEFAULT true NOT NULL,
	"target" text DEFAULT 'RoomPrice' NOT NULL,
	"target_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"scope_unit" text DEFAULT 'Booking' NOT NULL,
	"auto_add" boolean DEFAULT true NOT NULL,
	"unique" boolean DEFAULT true NOT NULL,
	"replace_matching_room_price" boolean DEFAULT false NOT NULL,
	"include_specials_with_same_rule" boolean DEFAULT false NOT NULL,
	"exclude_from_commission" boolean DEFAULT false NOT NULL,
	"exclude_from_tax" boolean DEFAULT false NOT NULL,
	"include_in" text[] DEFAULT '{Booking}'::text[] NOT NULL,
	"editable" boolean DEFAULT true NOT NULL,
	"deletable" boolean DEFAULT true NOT NULL,
	"group_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specials_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplements" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_id" integer NOT NULL,
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"value_type" text DEFAULT 'fixed' NOT NULL,
	"charging_base" text DEFAULT 'PerBooking' NOT NULL,
	"qty_per_unit" numeric(9, 3) DEFAULT '1' NOT NULL,
	"per_unit" boolean DEFAULT false NOT NULL,
	"mandatory" boolean DEFAULT true NOT NULL,
	"commissionable" boolean DEFAULT false NOT NULL,
	"customer_type" text DEFAULT 'None' NOT NULL,
	"single_use" boolean DEFAULT false NOT NULL,
	"room_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"variant_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_entries" ADD CONSTRAINT "price_entries_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_entries" ADD CONSTRAINT "price_entries_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_entries" ADD CONSTRAINT "price_entries_variant_id_price_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."price_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_entries" ADD CONSTRAINT "price_entries_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_terms_of_payment_id_payment_terms_id_fk" FOREIGN KEY ("terms_of_payment_id") REFERENCES "public"."payment_terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials" ADD CONSTRAINT "specials_group_id_specials_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."specials_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplements" ADD CONSTRAINT "supplements_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissions_agency_idx" ON "commissions" USING btree ("agency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_entries_cell_unique" ON "price_entries" USING btree ("price_id","room_type_id","variant_id","currency",coalesce("schedule_id", 0));--> statement-breakpoint
CREATE INDEX "price_entries_room_type_idx" ON "price_entries" USING btree ("room_type_id");--> statement-breakpoint
CREATE INDEX "prices_resort_idx" ON "prices" USING btree ("resort_id","valid_from");--> statement-breakpoint
CREATE INDEX "prices_vessel_idx" ON "prices" USING btree ("vessel_id","valid_from");--> statement-breakpoint
CREATE INDEX "specials_status_idx" ON "specials" USING btree ("status");--> statement-breakpoint
CREATE INDEX "supplements_price_idx" ON "supplements" USING btree ("price_id");--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE set null ON UPDATE no action;