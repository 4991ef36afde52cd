CREATE TABLE "booking_todos" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"todo_id" integer,
	"code" text,
	"group" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"room_id" integer,
	"due" date,
	"open" boolean DEFAULT true NOT NULL,
	"predefined" boolean DEFAULT false NOT NULL,
	"edited_by" integer,
	"solved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todos" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"code" text,
	"predefined" boolean DEFAULT false NOT NULL,
	"calc_type" text DEFAULT 'afterBooking' NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"close_on_abort" boolean DEFAULT true NOT NULL,
	"auto_add" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "todos_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "references" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "commission_id" integer;--> statement-breakpoint
ALTER TABLE "booking_todos" ADD CONSTRAINT "booking_todos_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_todos" ADD CONSTRAINT "booking_todos_todo_id_todos_id_fk" FOREIGN KEY ("todo_id") REFERENCES "public"."todos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_todos" ADD CONSTRAINT "booking_todos_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_todos_booking_idx" ON "booking_todos" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_todos_open_idx" ON "booking_todos" USING btree ("open","due");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE set null ON UPDATE no action;