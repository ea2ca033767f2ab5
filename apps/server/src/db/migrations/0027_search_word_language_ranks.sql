-- Each word's articles by rank in each language's vector (see searchWord.ranksIt): unknown (null) until the next full reindex fills them.
ALTER TABLE "search_word" ADD COLUMN "ranks_it" "bytea";--> statement-breakpoint
ALTER TABLE "search_word" ADD COLUMN "ranks_en" "bytea";--> statement-breakpoint
ALTER TABLE "search_word" ADD COLUMN "ranks_fr" "bytea";--> statement-breakpoint
ALTER TABLE "search_word" ADD COLUMN "ranks_de" "bytea";--> statement-breakpoint
ALTER TABLE "search_word" ADD COLUMN "ranks_es" "bytea";--> statement-breakpoint
-- Read in slices, like ranks: out of line and not compressed, so a slice reads only its own chunks.
ALTER TABLE "search_word" ALTER COLUMN "ranks_it" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "search_word" ALTER COLUMN "ranks_en" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "search_word" ALTER COLUMN "ranks_fr" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "search_word" ALTER COLUMN "ranks_de" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "search_word" ALTER COLUMN "ranks_es" SET STORAGE EXTERNAL;
