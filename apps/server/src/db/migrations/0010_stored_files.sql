CREATE TABLE "stored_file" (
	"id" uuid PRIMARY KEY NOT NULL,
	"area" varchar(32) NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"thumbnail_key" varchar(200),
	"original_name" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "stored_file_deleted_idx" ON "stored_file" USING btree ("deleted_at") WHERE "stored_file"."deleted_at" is not null;