CREATE TABLE "shared_version" (
	"name" varchar(50) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogo_pdf" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "ordering_key" varchar(200);--> statement-breakpoint
CREATE INDEX "outbox_message_ordering_idx" ON "outbox_message" USING btree ("ordering_key","id") WHERE "outbox_message"."status" = 'PENDING' and "outbox_message"."ordering_key" is not null;--> statement-breakpoint
CREATE INDEX "outbox_message_failed_idx" ON "outbox_message" USING btree ("processed_at","id") WHERE "outbox_message"."status" = 'FAILED';