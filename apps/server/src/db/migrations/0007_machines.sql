CREATE TABLE "catalogo" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"cr_codice" varchar(30) NOT NULL,
	"cr_descrizione" varchar(255) NOT NULL,
	"localized_descrizione" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stale" boolean DEFAULT false NOT NULL,
	"righe" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogo_cr_codice_uq" UNIQUE("cr_codice")
);
--> statement-breakpoint
CREATE TABLE "catalogo_disegno" (
	"name" varchar(60) PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogo_pdf" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cr_id" bigint NOT NULL,
	"lang" varchar(2) NOT NULL,
	"state" varchar(12) NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"catalogo_generated_at" timestamp with time zone NOT NULL,
	"file_name" varchar(200),
	"error" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalogo_pdf_state_ck" CHECK ("catalogo_pdf"."state" in ('GENERATING', 'READY', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "catalogo_riga" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cr_id" bigint NOT NULL,
	"rig_item" integer NOT NULL,
	"rig_item_prec" integer,
	"rig_livello" integer NOT NULL,
	"rig_ordine" integer NOT NULL,
	"rig_id_tav" varchar(30),
	"rig_disegno" varchar(60),
	"rig_pos" varchar(10),
	"rig_tipo_art" varchar(1),
	"rig_tipo_nodo" integer NOT NULL,
	"rig_qta" numeric(12, 3) DEFAULT 1 NOT NULL,
	"rig_note" varchar(500),
	"articolo_id" bigint,
	"articolo_codice" varchar(40),
	"unita_misura" varchar(5),
	"localized_descrizione" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cr_modelli" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"modello" varchar(100) NOT NULL,
	"note" varchar(4000),
	CONSTRAINT "cr_modelli_modello_uq" UNIQUE("modello")
);
--> statement-breakpoint
CREATE TABLE "cr_subdealer_visibilita" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dealer_login" varchar(50) NOT NULL,
	"login" varchar(50) NOT NULL,
	"matricola" varchar(15) NOT NULL,
	"note" varchar(400),
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "macchina" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mt_matricola" varchar(15) NOT NULL,
	"localized_descrizione" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mt_versione" varchar(30),
	"mt_cr_cod" varchar(30) NOT NULL,
	"modello_id" bigint,
	"dealer_login" varchar(50),
	"mt_riv_descr" varchar(100),
	"mt_cli_descr" varchar(100),
	"mt_dt_cons" date,
	"data_fine_garanzia" date,
	"data_creazione" timestamp with time zone DEFAULT now() NOT NULL,
	"data_ultima_modifica" timestamp with time zone DEFAULT now() NOT NULL,
	"data_fine_validita" date
);
--> statement-breakpoint
ALTER TABLE "catalogo_pdf" ADD CONSTRAINT "catalogo_pdf_cr_id_catalogo_id_fk" FOREIGN KEY ("cr_id") REFERENCES "public"."catalogo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogo_riga" ADD CONSTRAINT "catalogo_riga_cr_id_catalogo_id_fk" FOREIGN KEY ("cr_id") REFERENCES "public"."catalogo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogo_riga" ADD CONSTRAINT "catalogo_riga_articolo_id_articolo_id_fk" FOREIGN KEY ("articolo_id") REFERENCES "public"."articolo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macchina" ADD CONSTRAINT "macchina_modello_id_cr_modelli_id_fk" FOREIGN KEY ("modello_id") REFERENCES "public"."cr_modelli"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogo_pdf_uq" ON "catalogo_pdf" USING btree ("cr_id","lang");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogo_riga_item_uq" ON "catalogo_riga" USING btree ("cr_id","rig_item");--> statement-breakpoint
CREATE INDEX "catalogo_riga_level_idx" ON "catalogo_riga" USING btree ("cr_id","rig_livello","rig_ordine");--> statement-breakpoint
CREATE INDEX "catalogo_riga_parent_idx" ON "catalogo_riga" USING btree ("cr_id","rig_item_prec","rig_ordine");--> statement-breakpoint
CREATE INDEX "catalogo_riga_articolo_idx" ON "catalogo_riga" USING btree ("articolo_id");--> statement-breakpoint
CREATE INDEX "catalogo_riga_codice_idx" ON "catalogo_riga" USING btree ("articolo_codice" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "catalogo_riga_tav_idx" ON "catalogo_riga" USING btree (lower("rig_id_tav") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "catalogo_riga_disegno_idx" ON "catalogo_riga" USING btree (lower("rig_disegno") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "cr_subdealer_visibilita_uq" ON "cr_subdealer_visibilita" USING btree ("login","matricola");--> statement-breakpoint
CREATE INDEX "cr_subdealer_visibilita_dealer_idx" ON "cr_subdealer_visibilita" USING btree ("dealer_login","login");--> statement-breakpoint
CREATE INDEX "cr_subdealer_visibilita_matricola_idx" ON "cr_subdealer_visibilita" USING btree ("matricola");--> statement-breakpoint
CREATE UNIQUE INDEX "macchina_matricola_uq" ON "macchina" USING btree ("mt_matricola");--> statement-breakpoint
CREATE INDEX "macchina_matricola_trgm_idx" ON "macchina" USING gin (lower("mt_matricola") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "macchina_dealer_idx" ON "macchina" USING btree ("dealer_login","mt_matricola");--> statement-breakpoint
CREATE INDEX "macchina_cr_cod_idx" ON "macchina" USING btree ("mt_cr_cod");