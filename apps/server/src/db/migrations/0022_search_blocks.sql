-- Block summaries of the search rows (see searchBlock in catalogue.schema.ts): empty, and every
-- word's bits unknown, until the next full reindex fills them; searches run as before meanwhile.
CREATE TABLE "search_block" (
	"block" integer PRIMARY KEY NOT NULL,
	"first_code" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_word" ADD COLUMN "blocks" bit(1024);--> statement-breakpoint
CREATE INDEX "search_block_first_code_idx" ON "search_block" USING btree ("first_code");