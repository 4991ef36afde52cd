CREATE TABLE "mail_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"anchor" text NOT NULL,
	"days" integer NOT NULL,
	"template_id_de" integer,
	"template_id_en" integer,
	"states" jsonb DEFAULT '["confirmed","resolved"]'::jsonb NOT NULL,
	"resort_id" integer,
	"vessel_id" integer,
	"include_agency_bookings" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_schedules" ADD CONSTRAINT "mail_schedules_template_id_de_mail_templates_id_fk" FOREIGN KEY ("template_id_de") REFERENCES "public"."mail_templates"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_schedules" ADD CONSTRAINT "mail_schedules_template_id_en_mail_templates_id_fk" FOREIGN KEY ("template_id_en") REFERENCES "public"."mail_templates"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_schedules" ADD CONSTRAINT "mail_schedules_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_schedules" ADD CONSTRAINT "mail_schedules_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "mail_schedule_skips" (
	"schedule_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_schedule_skips_schedule_id_booking_id_pk" PRIMARY KEY("schedule_id","booking_id")
);
--> statement-breakpoint
ALTER TABLE "mail_schedule_skips" ADD CONSTRAINT "mail_schedule_skips_schedule_id_mail_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."mail_schedules"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_schedule_skips" ADD CONSTRAINT "mail_schedule_skips_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_schedule_skips" ADD CONSTRAINT "mail_schedule_skips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
