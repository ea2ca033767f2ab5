ALTER TABLE "search_word" ADD COLUMN "articles" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_word" ADD COLUMN "first_code" text COLLATE "C";--> statement-breakpoint
CREATE INDEX "search_word_prefix_idx" ON "search_word" USING btree ("word" text_pattern_ops);--> statement-breakpoint
INSERT INTO "search_word" ("word", "articles", "first_code")
SELECT lexeme, count(*), min(s."codice_norm") FILTER (WHERE s."visibile")
  FROM "articolo_search" AS s, unnest(s."tsv_all") AS u(lexeme)
 WHERE length(lexeme) >= 3
 GROUP BY lexeme
ON CONFLICT ("word") DO UPDATE SET "articles" = excluded."articles", "first_code" = excluded."first_code";
