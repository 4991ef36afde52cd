CREATE TABLE "product_asset_stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"resort_id" integer,
	"vessel_id" integer,
	"stock" numeric(14, 3) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_asset_stock_one_asset" CHECK (("product_asset_stock"."resort_id" is null) <> ("product_asset_stock"."vessel_id" is null))
);
--> statement-breakpoint
ALTER TABLE "product_asset_stock" ADD CONSTRAINT "product_asset_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_asset_stock" ADD CONSTRAINT "product_asset_stock_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_asset_stock" ADD CONSTRAINT "product_asset_stock_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_asset_stock_resort_unique" ON "product_asset_stock" USING btree ("product_id","resort_id") WHERE "product_asset_stock"."resort_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_asset_stock_vessel_unique" ON "product_asset_stock" USING btree ("product_id","vessel_id") WHERE "product_asset_stock"."vessel_id" is not null;--> statement-breakpoint
ALTER TABLE "product_stock_log" ADD COLUMN "resort_id" integer;--> statement-breakpoint
ALTER TABLE "product_stock_log" ADD COLUMN "vessel_id" integer;--> statement-breakpoint
ALTER TABLE "product_stock_log" ADD CONSTRAINT "product_stock_log_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock_log" ADD CONSTRAINT "product_stock_log_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_tabs" ADD COLUMN "resort_id" integer;--> statement-breakpoint
ALTER TABLE "pos_tabs" ADD COLUMN "vessel_id" integer;--> statement-breakpoint
ALTER TABLE "pos_tabs" ADD CONSTRAINT "pos_tabs_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_tabs" ADD CONSTRAINT "pos_tabs_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_items" ADD COLUMN "stock_asset_id" integer;--> statement-breakpoint
ALTER TABLE "onsite_items" ADD CONSTRAINT "onsite_items_stock_asset_id_product_asset_stock_id_fk" FOREIGN KEY ("stock_asset_id") REFERENCES "public"."product_asset_stock"("id") ON DELETE set null ON UPDATE no action;
