CREATE TABLE "image_files" (
	"id" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_files" ADD CONSTRAINT "image_files_id_images_id_fk" FOREIGN KEY ("id") REFERENCES "public"."images"("id") ON DELETE cascade;