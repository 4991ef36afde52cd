CREATE TABLE "pos_tabs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"booking_id" integer,
	"room_booking_id" integer,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"idempotency_key" text,
	"user_id" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onsite_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer,
	"room_booking_id" integer,
	"guest_id" integer,
	"tab_id" integer,
	"product_id" integer NOT NULL,
	"text" text NOT NULL,
	"charging_base" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"amount" numeric(14, 3) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(18, 8) DEFAULT '1' NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"stock_taken" numeric(14, 3) DEFAULT '0' NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"void_reason" text,
	"idempotency_key" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onsite_items_owner" CHECK ("onsite_items"."booking_id" is not null or "onsite_items"."tab_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "onsite_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer,
	"room_booking_id" integer,
	"tab_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(18, 8) DEFAULT '1' NOT NULL,
	"method" text NOT NULL,
	"idempotency_key" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onsite_payments_owner" CHECK ("onsite_payments"."booking_id" is not null or "onsite_payments"."tab_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "product_stock_log" ADD COLUMN "onsite_item_id" integer;--> statement-breakpoint
ALTER TABLE "pos_tabs" ADD CONSTRAINT "pos_tabs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_tabs" ADD CONSTRAINT "pos_tabs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_items" ADD CONSTRAINT "onsite_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_items" ADD CONSTRAINT "onsite_items_room_booking_id_booking_rooms_id_fk" FOREIGN KEY ("room_booking_id") REFERENCES "public"."booking_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_items" ADD CONSTRAINT "onsite_items_guest_id_booking_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."booking_guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_items" ADD CONSTRAINT "onsite_items_tab_id_pos_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."pos_tabs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_items" ADD CONSTRAINT "onsite_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_items" ADD CONSTRAINT "onsite_items_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_items" ADD CONSTRAINT "onsite_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_payments" ADD CONSTRAINT "onsite_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_payments" ADD CONSTRAINT "onsite_payments_tab_id_pos_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."pos_tabs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_payments" ADD CONSTRAINT "onsite_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_tabs_state_idx" ON "pos_tabs" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_tabs_idempotency_unique" ON "pos_tabs" USING btree ("idempotency_key") WHERE "pos_tabs"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "onsite_items_booking_idx" ON "onsite_items" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "onsite_items_tab_idx" ON "onsite_items" USING btree ("tab_id");--> statement-breakpoint
CREATE INDEX "onsite_items_created_idx" ON "onsite_items" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "onsite_items_idempotency_unique" ON "onsite_items" USING btree ("idempotency_key") WHERE "onsite_items"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "onsite_payments_booking_idx" ON "onsite_payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "onsite_payments_tab_idx" ON "onsite_payments" USING btree ("tab_id");--> statement-breakpoint
CREATE INDEX "onsite_payments_created_idx" ON "onsite_payments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "onsite_payments_idempotency_unique" ON "onsite_payments" USING btree ("idempotency_key") WHERE "onsite_payments"."idempotency_key" is not null;
