ALTER TABLE "dive_types" ADD COLUMN "product_id" integer;
--> statement-breakpoint
ALTER TABLE "dive_types" ADD CONSTRAINT "dive_types_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
