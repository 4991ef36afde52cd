CREATE TABLE "dive_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"min_depth" integer,
	"max_depth" integer,
	"entry" text DEFAULT 'boat' NOT NULL,
	"current" text DEFAULT 'none' NOT NULL,
	"difficulty" text DEFAULT 'easy' NOT NULL,
	"fee" numeric(14, 2),
	"resort_id" integer,
	"vessel_id" integer,
	"note" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dive_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'boat' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dive_boats" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"diver_capacity" integer NOT NULL,
	"crew_capacity" integer DEFAULT 0 NOT NULL,
	"tanks" integer DEFAULT 0 NOT NULL,
	"resort_id" integer,
	"vessel_id" integer,
	"note" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT 'guide' NOT NULL,
	"email" text,
	"phone" text,
	"certifications" text,
	"user_id" integer,
	"resort_id" integer,
	"vessel_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worklogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"hours" numeric(5, 2) DEFAULT '0' NOT NULL,
	"dives" integer DEFAULT 0 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "day_guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"nationality" text,
	"customer_id" integer,
	"cert_agency" text,
	"cert_level" text,
	"logged_dives" integer DEFAULT 0 NOT NULL,
	"has_nitrox" boolean DEFAULT false NOT NULL,
	"medical_date" date,
	"medical_yes" boolean DEFAULT false NOT NULL,
	"physician_sign_off" boolean DEFAULT false NOT NULL,
	"insurance" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "day_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"time" text,
	"name" text NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"participants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dive_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"resort_id" integer,
	"vessel_id" integer,
	"boat_id" integer,
	"site_id" integer,
	"type_id" integer,
	"guide_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"divers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requirements" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"max_per_guide" integer DEFAULT 4 NOT NULL,
	"note" text,
	"logged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dive_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"start" text,
	"end" text,
	"type_id" integer,
	"customer_id" integer,
	"day_guest_id" integer,
	"booking_id" integer,
	"depth" numeric(6, 1),
	"duration" integer,
	"boat_id" integer,
	"site_id" integer,
	"sort" integer DEFAULT 1 NOT NULL,
	"crew" text,
	"guide_id" integer,
	"rental_gear" text,
	"resort_id" integer,
	"vessel_id" integer,
	"tank_size" integer,
	"air_mix" text,
	"comment" text,
	"plan_id" integer,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dive_sites" ADD CONSTRAINT "dive_sites_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_sites" ADD CONSTRAINT "dive_sites_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_boats" ADD CONSTRAINT "dive_boats_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_boats" ADD CONSTRAINT "dive_boats_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worklogs" ADD CONSTRAINT "worklogs_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_guests" ADD CONSTRAINT "day_guests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_plans" ADD CONSTRAINT "dive_plans_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_plans" ADD CONSTRAINT "dive_plans_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_plans" ADD CONSTRAINT "dive_plans_boat_id_dive_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."dive_boats"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_plans" ADD CONSTRAINT "dive_plans_site_id_dive_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."dive_sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_plans" ADD CONSTRAINT "dive_plans_type_id_dive_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."dive_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_logs" ADD CONSTRAINT "dive_logs_type_id_dive_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."dive_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_logs" ADD CONSTRAINT "dive_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_logs" ADD CONSTRAINT "dive_logs_day_guest_id_day_guests_id_fk" FOREIGN KEY ("day_guest_id") REFERENCES "public"."day_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_logs" ADD CONSTRAINT "dive_logs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_logs" ADD CONSTRAINT "dive_logs_boat_id_dive_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."dive_boats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_logs" ADD CONSTRAINT "dive_logs_site_id_dive_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."dive_sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_logs" ADD CONSTRAINT "dive_logs_guide_id_employees_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_logs" ADD CONSTRAINT "dive_logs_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_logs" ADD CONSTRAINT "dive_logs_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dive_logs" ADD CONSTRAINT "dive_logs_plan_id_dive_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."dive_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "worklogs_employee_date_idx" ON "worklogs" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "day_guests_date_idx" ON "day_guests" USING btree ("date");--> statement-breakpoint
CREATE INDEX "day_events_date_idx" ON "day_events" USING btree ("date");--> statement-breakpoint
CREATE INDEX "dive_plans_date_idx" ON "dive_plans" USING btree ("date");--> statement-breakpoint
CREATE INDEX "dive_logs_date_idx" ON "dive_logs" USING btree ("date");--> statement-breakpoint
CREATE INDEX "dive_logs_customer_idx" ON "dive_logs" USING btree ("customer_id","date");--> statement-breakpoint
CREATE INDEX "dive_logs_booking_idx" ON "dive_logs" USING btree ("booking_id");
