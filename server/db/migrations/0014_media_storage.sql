CREATE TABLE "upload_contents" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "storage" text DEFAULT 'postgres' NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_contents" ADD CONSTRAINT "upload_contents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every upload made before this migration is a file in DATA_DIR/uploads; the server moves them at start.
UPDATE "uploads" SET "storage" = 'disk';--> statement-breakpoint
-- Uncompressed out-of-line storage: a range request reads only the chunks it needs.
ALTER TABLE "upload_contents" ALTER COLUMN "content" SET STORAGE EXTERNAL;
