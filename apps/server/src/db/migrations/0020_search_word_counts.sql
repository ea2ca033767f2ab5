ALTER TABLE "search_word" ADD COLUMN "articles" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_word_prefix_idx" ON "search_word" USING btree ("word" text_pattern_ops);--> statement-breakpoint
UPDATE "search_word" AS w SET "articles" = c.n
  FROM (SELECT lexeme, count(*) AS n FROM "articolo_search", unnest("tsv_all") AS u(lexeme) GROUP BY lexeme) AS c
 WHERE c.lexeme = w."word";
