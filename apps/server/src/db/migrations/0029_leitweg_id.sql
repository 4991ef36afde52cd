ALTER TABLE "agencies" ADD COLUMN "leitweg_id" text;
