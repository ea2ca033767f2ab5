CREATE TABLE "articolo" (
	"id" bigint PRIMARY KEY NOT NULL,
	"articolo" varchar(40) NOT NULL,
	"descrizione" varchar(255),
	"descrizione_estesa" text,
	"cod_immagine" varchar(100),
	"keywords" varchar(500),
	"note" text,
	"ordine" integer,
	"prezzo" numeric(12, 2) NOT NULL,
	"tipo_articolo" varchar(1) NOT NULL,
	"tipo_articolo_orig" varchar(1) NOT NULL,
	"gruppo_merceologico" varchar(20) NOT NULL,
	"peso" numeric(12, 3) NOT NULL,
	"unita_misura" varchar(5) DEFAULT 'NR' NOT NULL,
	"tag1" varchar(50),
	"tag2" varchar(50),
	"tag3" varchar(50),
	"tag4" varchar(50),
	"tag5" varchar(50),
	"tag6" varchar(50),
	"ordinabile" boolean DEFAULT true NOT NULL,
	"visibile" boolean DEFAULT true NOT NULL,
	"data_creazione" timestamp with time zone DEFAULT now() NOT NULL,
	"data_ultima_modifica" timestamp with time zone DEFAULT now() NOT NULL,
	"data_fine_validita" date,
	"classe_merc_web" varchar(100),
	"classe_merc_web_sort" integer,
	"marchio_id" bigint,
	"localized_descrizione" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"localized_descrizione_estesa" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"localized_classe_merc_web" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"matricole" text,
	"cingolo_in_gomma" boolean DEFAULT false NOT NULL,
	"dati_tecnici" text,
	CONSTRAINT "articolo_tipo_ck" CHECK ("articolo"."tipo_articolo" in ('G', 'M', 'R')),
	CONSTRAINT "articolo_tipo_orig_ck" CHECK ("articolo"."tipo_articolo_orig" in ('0', 'T'))
);
--> statement-breakpoint
CREATE TABLE "articolo_articolo" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"padre_id" bigint NOT NULL,
	"figlio_id" bigint NOT NULL,
	"quantita" numeric(12, 3) NOT NULL,
	"tipo" integer NOT NULL,
	"livello_impiego" integer NOT NULL,
	"relazione" varchar(20),
	"origine" varchar(20)
);
--> statement-breakpoint
CREATE TABLE "articolo_categoria" (
	"articolo_id" bigint NOT NULL,
	"categoria_id" bigint NOT NULL,
	CONSTRAINT "articolo_categoria_articolo_id_categoria_id_pk" PRIMARY KEY("articolo_id","categoria_id")
);
--> statement-breakpoint
CREATE TABLE "articolo_equiv" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"articolo_id" bigint NOT NULL,
	"equiv" varchar(60) NOT NULL,
	"note" varchar(255),
	"ordine" integer,
	"relazione" varchar(3) NOT NULL,
	"marchio_id" bigint,
	CONSTRAINT "articolo_equiv_relazione_ck" CHECK ("articolo_equiv"."relazione" in ('ALT', 'OEM'))
);
--> statement-breakpoint
CREATE TABLE "articolo_search" (
	"articolo_id" bigint PRIMARY KEY NOT NULL,
	"codice_norm" text COLLATE "C" NOT NULL,
	"tsv_it" "tsvector" NOT NULL,
	"tsv_en" "tsvector" NOT NULL,
	"tsv_fr" "tsvector" NOT NULL,
	"tsv_de" "tsvector" NOT NULL,
	"tsv_es" "tsvector" NOT NULL,
	"tsv_all" "tsvector" NOT NULL,
	"visibile" boolean NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articolo_stock" (
	"articolo_id" bigint PRIMARY KEY NOT NULL,
	"magazzino" numeric(12, 3) DEFAULT 0 NOT NULL,
	"in5gg" numeric(12, 3) DEFAULT 0 NOT NULL,
	"in_arrivo" numeric(12, 3) DEFAULT 0 NOT NULL,
	"producibile" numeric(12, 3) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nome" varchar(100) NOT NULL,
	"descrizione" varchar(255) NOT NULL,
	"descrizione_estesa" text,
	"cod_immagine" varchar(100),
	"slug" varchar(100),
	"ordine" integer,
	"visibile" boolean DEFAULT true NOT NULL,
	"padre_id" bigint,
	"tipo_categoria_id" bigint,
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "combo_voci" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tipo" varchar(50) NOT NULL,
	"chiave" varchar(50) NOT NULL,
	"descrizione" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ordine" integer
);
--> statement-breakpoint
CREATE TABLE "marchio" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"descrizione" varchar(100) NOT NULL,
	"cod_immagine" varchar(100),
	"visibile" boolean DEFAULT true NOT NULL,
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "search_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tipo" varchar(30) NOT NULL,
	"url" varchar(1000),
	"params" text,
	"num_risultati" integer,
	"username" varchar(50),
	"data_richiesta" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" varchar(500),
	"remote_ip" varchar(64),
	"user_id" bigint
);
--> statement-breakpoint
CREATE TABLE "search_word" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipo_categoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nome" varchar(100) NOT NULL,
	"descrizione" varchar(255) NOT NULL,
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "articolo" ADD CONSTRAINT "articolo_marchio_id_marchio_id_fk" FOREIGN KEY ("marchio_id") REFERENCES "public"."marchio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articolo_articolo" ADD CONSTRAINT "articolo_articolo_padre_id_articolo_id_fk" FOREIGN KEY ("padre_id") REFERENCES "public"."articolo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articolo_articolo" ADD CONSTRAINT "articolo_articolo_figlio_id_articolo_id_fk" FOREIGN KEY ("figlio_id") REFERENCES "public"."articolo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articolo_categoria" ADD CONSTRAINT "articolo_categoria_articolo_id_articolo_id_fk" FOREIGN KEY ("articolo_id") REFERENCES "public"."articolo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articolo_categoria" ADD CONSTRAINT "articolo_categoria_categoria_id_categoria_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categoria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articolo_equiv" ADD CONSTRAINT "articolo_equiv_articolo_id_articolo_id_fk" FOREIGN KEY ("articolo_id") REFERENCES "public"."articolo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articolo_equiv" ADD CONSTRAINT "articolo_equiv_marchio_id_marchio_id_fk" FOREIGN KEY ("marchio_id") REFERENCES "public"."marchio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articolo_search" ADD CONSTRAINT "articolo_search_articolo_id_articolo_id_fk" FOREIGN KEY ("articolo_id") REFERENCES "public"."articolo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articolo_stock" ADD CONSTRAINT "articolo_stock_articolo_id_articolo_id_fk" FOREIGN KEY ("articolo_id") REFERENCES "public"."articolo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categoria" ADD CONSTRAINT "categoria_padre_id_categoria_id_fk" FOREIGN KEY ("padre_id") REFERENCES "public"."categoria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categoria" ADD CONSTRAINT "categoria_tipo_categoria_id_tipo_categoria_id_fk" FOREIGN KEY ("tipo_categoria_id") REFERENCES "public"."tipo_categoria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_log" ADD CONSTRAINT "search_log_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articolo_codice_uq" ON "articolo" USING btree ("articolo");--> statement-breakpoint
CREATE INDEX "articolo_descrizione_idx" ON "articolo" USING btree ("descrizione");--> statement-breakpoint
CREATE INDEX "articolo_tipo_idx" ON "articolo" USING btree ("tipo_articolo");--> statement-breakpoint
CREATE INDEX "articolo_prezzo_idx" ON "articolo" USING btree ("prezzo");--> statement-breakpoint
CREATE INDEX "articolo_marchio_idx" ON "articolo" USING btree ("marchio_id");--> statement-breakpoint
CREATE INDEX "articolo_machine_idx" ON "articolo" USING btree ("tipo_articolo","marchio_id","tag2","tag3");--> statement-breakpoint
CREATE INDEX "articolo_dimensions_idx" ON "articolo" USING btree ("tipo_articolo","tag1","tag2","tag3","tag6");--> statement-breakpoint
CREATE INDEX "articolo_modified_idx" ON "articolo" USING btree ("data_ultima_modifica");--> statement-breakpoint
CREATE INDEX "articolo_articolo_padre_idx" ON "articolo_articolo" USING btree ("padre_id","origine");--> statement-breakpoint
CREATE INDEX "articolo_articolo_figlio_idx" ON "articolo_articolo" USING btree ("figlio_id");--> statement-breakpoint
CREATE INDEX "articolo_articolo_quantita_idx" ON "articolo_articolo" USING btree ("quantita");--> statement-breakpoint
CREATE INDEX "articolo_articolo_livello_idx" ON "articolo_articolo" USING btree ("livello_impiego");--> statement-breakpoint
CREATE INDEX "articolo_categoria_cat_idx" ON "articolo_categoria" USING btree ("categoria_id");--> statement-breakpoint
CREATE INDEX "articolo_equiv_articolo_idx" ON "articolo_equiv" USING btree ("articolo_id","ordine");--> statement-breakpoint
CREATE INDEX "articolo_equiv_equiv_idx" ON "articolo_equiv" USING btree ("equiv");--> statement-breakpoint
CREATE INDEX "articolo_equiv_relazione_idx" ON "articolo_equiv" USING btree ("relazione");--> statement-breakpoint
CREATE INDEX "articolo_search_codice_idx" ON "articolo_search" USING btree ("codice_norm");--> statement-breakpoint
CREATE INDEX "articolo_search_tsv_idx" ON "articolo_search" USING gin ("tsv_all");--> statement-breakpoint
CREATE INDEX "categoria_nome_idx" ON "categoria" USING btree ("nome");--> statement-breakpoint
CREATE UNIQUE INDEX "categoria_slug_uq" ON "categoria" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categoria_ordine_idx" ON "categoria" USING btree ("ordine");--> statement-breakpoint
CREATE INDEX "categoria_padre_idx" ON "categoria" USING btree ("padre_id");--> statement-breakpoint
CREATE INDEX "categoria_tipo_idx" ON "categoria" USING btree ("tipo_categoria_id");--> statement-breakpoint
CREATE UNIQUE INDEX "combo_voci_tipo_chiave_uq" ON "combo_voci" USING btree ("tipo","chiave");--> statement-breakpoint
CREATE INDEX "combo_voci_ordine_idx" ON "combo_voci" USING btree ("tipo","ordine");--> statement-breakpoint
CREATE UNIQUE INDEX "marchio_descrizione_uq" ON "marchio" USING btree ("descrizione");--> statement-breakpoint
CREATE INDEX "search_log_data_idx" ON "search_log" USING btree ("data_richiesta");--> statement-breakpoint
CREATE INDEX "search_log_username_idx" ON "search_log" USING btree ("username");--> statement-breakpoint
CREATE INDEX "search_log_tipo_idx" ON "search_log" USING btree ("tipo");--> statement-breakpoint
CREATE INDEX "search_log_num_idx" ON "search_log" USING btree ("num_risultati");--> statement-breakpoint
CREATE INDEX "search_log_user_idx" ON "search_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "search_word_trgm_idx" ON "search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tipo_categoria_nome_idx" ON "tipo_categoria" USING btree ("nome");