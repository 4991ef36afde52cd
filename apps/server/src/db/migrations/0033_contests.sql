CREATE TABLE "contests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"prize" text,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"metric" text NOT NULL,
	"resort_id" integer,
	"vessel_id" integer,
	"subscribe_until" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contests_period" CHECK ("contests"."to_date" >= "contests"."from_date")
);
--> statement-breakpoint
CREATE TABLE "contest_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer
);
--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_subscriptions" ADD CONSTRAINT "contest_subscriptions_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_subscriptions" ADD CONSTRAINT "contest_subscriptions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_subscriptions" ADD CONSTRAINT "contest_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_subscriptions_contest_agency" ON "contest_subscriptions" USING btree ("contest_id","agency_id");--> statement-breakpoint
CREATE INDEX "contest_subscriptions_agency_idx" ON "contest_subscriptions" USING btree ("agency_id");
