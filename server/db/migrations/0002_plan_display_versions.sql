ALTER TABLE "floor_plans" ADD COLUMN "display_file_name" text;--> statement-breakpoint
ALTER TABLE "floor_plans" ADD COLUMN "display_storage_key" text;--> statement-breakpoint
ALTER TABLE "floor_plans" ADD COLUMN "display_content_type" text;--> statement-breakpoint
ALTER TABLE "floor_plans" ADD COLUMN "display_width" integer;--> statement-breakpoint
ALTER TABLE "floor_plans" ADD COLUMN "display_height" integer;--> statement-breakpoint
ALTER TABLE "floor_plans" ADD COLUMN "display_size" bigint;