-- Each word's articles by rank (see searchWord.ranks, articoloSearch.rank): unknown (null) until the next full reindex fills them.
ALTER TABLE "articolo_search" ADD COLUMN "rank" integer;--> statement-breakpoint
ALTER TABLE "search_word" ADD COLUMN "ranks" "bytea";--> statement-breakpoint
ALTER TABLE "search_top_state" ADD COLUMN "ranked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Read whole on every search that uses it: stored out of line but not compressed, so reading it costs no decompression.
ALTER TABLE "search_word" ALTER COLUMN "ranks" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE INDEX "articolo_search_rank_idx" ON "articolo_search" USING btree ("rank");--> statement-breakpoint
CREATE INDEX "articolo_search_unranked_idx" ON "articolo_search" USING btree ("codice_norm","articolo_id") WHERE "articolo_search"."rank" is null;
