CREATE TABLE "form_defs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_def_id" integer NOT NULL,
	"token" text NOT NULL,
	"customer_id" integer,
	"booking_id" integer,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"booking_guest_id" integer,
	"customer_id" integer,
	"token" text NOT NULL,
	"types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"added_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_requests" (
	"key" text PRIMARY KEY NOT NULL,
	"body_hash" text NOT NULL,
	"booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"widget_id" integer NOT NULL,
	"visitor_id" text NOT NULL,
	"action" text NOT NULL,
	"booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"asset_type" text NOT NULL,
	"resort_id" integer,
	"vessel_id" integer,
	"language" text DEFAULT 'en' NOT NULL,
	"look" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_form_def_id_form_defs_id_fk" FOREIGN KEY ("form_def_id") REFERENCES "public"."form_defs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_forms" ADD CONSTRAINT "guest_forms_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_forms" ADD CONSTRAINT "guest_forms_booking_guest_id_booking_guests_id_fk" FOREIGN KEY ("booking_guest_id") REFERENCES "public"."booking_guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_forms" ADD CONSTRAINT "guest_forms_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_requests" ADD CONSTRAINT "online_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_events" ADD CONSTRAINT "widget_events_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_events" ADD CONSTRAINT "widget_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forms_token_unique" ON "forms" USING btree ("token");--> statement-breakpoint
CREATE INDEX "forms_def_idx" ON "forms" USING btree ("form_def_id");--> statement-breakpoint
CREATE INDEX "forms_booking_idx" ON "forms" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_forms_token_unique" ON "guest_forms" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_forms_guest_unique" ON "guest_forms" USING btree ("booking_guest_id");--> statement-breakpoint
CREATE INDEX "guest_forms_booking_idx" ON "guest_forms" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "guest_forms_customer_idx" ON "guest_forms" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "widget_events_widget_idx" ON "widget_events" USING btree ("widget_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "widget_events_once" ON "widget_events" USING btree ("widget_id","visitor_id","action");--> statement-breakpoint
CREATE UNIQUE INDEX "widgets_slug_unique" ON "widgets" USING btree ("slug");