ALTER TABLE "articolo" ADD COLUMN "localized_dati_tecnici" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "categoria" ADD COLUMN "localized_nome" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "macchina" ADD COLUMN "localized_versione" jsonb DEFAULT '{}'::jsonb NOT NULL;