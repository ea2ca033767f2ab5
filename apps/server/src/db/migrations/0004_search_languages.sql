CREATE INDEX IF NOT EXISTS "articolo_search_tsv_it_idx" ON "articolo_search" USING gin ("tsv_it");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articolo_search_tsv_en_idx" ON "articolo_search" USING gin ("tsv_en");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articolo_search_tsv_fr_idx" ON "articolo_search" USING gin ("tsv_fr");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articolo_search_tsv_de_idx" ON "articolo_search" USING gin ("tsv_de");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articolo_search_tsv_es_idx" ON "articolo_search" USING gin ("tsv_es");