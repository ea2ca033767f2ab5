-- Per-language word counts (see searchWord): unknown (null) until the next full reindex fills them.
ALTER TABLE "search_word" ADD COLUMN "lang_articles" integer[];