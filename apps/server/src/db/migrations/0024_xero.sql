CREATE TABLE "xero_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tenant_id" text,
	"tenant_name" text,
	"connected_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xero_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"party" text NOT NULL,
	"xero_contact_id" text NOT NULL,
	"xero_invoice_id" text NOT NULL,
	"xero_type" text NOT NULL,
	"status" text NOT NULL,
	"amount_due" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount_paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "xero_invoices" ADD CONSTRAINT "xero_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "xero_invoices" ADD CONSTRAINT "xero_invoices_connection_id_xero_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."xero_connections"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "xero_invoices_invoice_unique" ON "xero_invoices" USING btree ("invoice_id");
--> statement-breakpoint
CREATE INDEX "xero_invoices_party_idx" ON "xero_invoices" USING btree ("connection_id","party");
