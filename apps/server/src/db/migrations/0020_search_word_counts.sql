ALTER TABLE "search_word" ADD COLUMN "articles" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_word" ADD COLUMN "first_code" text COLLATE "C";--> statement-breakpoint
CREATE INDEX "search_word_prefix_idx" ON "search_word" USING btree ("word" text_pattern_ops);--> statement-breakpoint
UPDATE "search_word" AS w SET "articles" = c.n, "first_code" = c.first_code
  FROM (SELECT lexeme, count(*) AS n, min(s."codice_norm") FILTER (WHERE s."visibile") AS first_code
          FROM "articolo_search" AS s, unnest(s."tsv_all") AS u(lexeme) GROUP BY lexeme) AS c
 WHERE c.lexeme = w."word";
