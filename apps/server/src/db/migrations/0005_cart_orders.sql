CREATE TABLE "carrello" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrello_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "carrello_riga" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrello_id" bigint NOT NULL,
	"articolo_id" bigint NOT NULL,
	"quantita" numeric(12, 3) NOT NULL,
	"data_richiesta" date,
	"serial_number" varchar(15),
	"origine" varchar(2) DEFAULT 'R' NOT NULL,
	"conferma_superamento" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrello_salvato" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"nome" varchar(60) NOT NULL,
	"righe" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indirizzo_cliente" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"tipo_indirizzo" varchar(3) NOT NULL,
	"ragsoc" varchar(40) NOT NULL,
	"indirizzo" varchar(45) NOT NULL,
	"cap" varchar(7) DEFAULT '' NOT NULL,
	"citta" varchar(30) NOT NULL,
	"prov" varchar(2),
	"stato" varchar(3)
);
--> statement-breakpoint
CREATE TABLE "ordine" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"sent_by" varchar(50) NOT NULL,
	"tiporichiesta" varchar(5) NOT NULL,
	"anno" integer NOT NULL,
	"numero" integer NOT NULL,
	"numero_ordine" varchar(40) NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"rif_ordine" varchar(30),
	"rif_data" date,
	"data_richiesta" date,
	"nota" varchar(227),
	"spedizione" varchar(3) NOT NULL,
	"spese_spedizione" numeric(12, 2),
	"tipo_indirizzo" varchar(3),
	"ragsoc" varchar(40) NOT NULL,
	"indirizzo" varchar(45) NOT NULL,
	"cap" varchar(7) DEFAULT '' NOT NULL,
	"citta" varchar(30) NOT NULL,
	"prov" varchar(2),
	"stato" varchar(16) DEFAULT 'INVIATO' NOT NULL,
	"lang_key" varchar(5) NOT NULL,
	"totale" numeric(12, 2),
	"peso_totale" numeric(12, 3) NOT NULL,
	"banner_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ordine_numero_ordine_unique" UNIQUE("numero_ordine")
);
--> statement-breakpoint
CREATE TABLE "ordine_riga" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ordine_id" bigint NOT NULL,
	"riga" integer NOT NULL,
	"articolo_id" bigint NOT NULL,
	"articolo" varchar(40) NOT NULL,
	"descrizione" varchar(255) NOT NULL,
	"unita_misura" varchar(5) NOT NULL,
	"tipo_articolo" varchar(1) NOT NULL,
	"tipo_articolo_orig" varchar(1) NOT NULL,
	"quantita" numeric(12, 3) NOT NULL,
	"data_richiesta" date,
	"serial_number" varchar(15),
	"origine" varchar(2) NOT NULL,
	"prezzo" numeric(12, 2),
	"netto" numeric(12, 2),
	"sconto_perc" numeric(6, 2),
	"totale" numeric(12, 2),
	"peso" numeric(12, 3) NOT NULL,
	"disponibile" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spese_spedizione" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"stato" varchar(3) NOT NULL,
	"cap_da" varchar(7) DEFAULT '' NOT NULL,
	"cap_a" varchar(7) DEFAULT '' NOT NULL,
	"peso_da" numeric(12, 3) NOT NULL,
	"peso_a" numeric(12, 3) NOT NULL,
	"costo" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrello" ADD CONSTRAINT "carrello_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrello_riga" ADD CONSTRAINT "carrello_riga_carrello_id_carrello_id_fk" FOREIGN KEY ("carrello_id") REFERENCES "public"."carrello"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrello_riga" ADD CONSTRAINT "carrello_riga_articolo_id_articolo_id_fk" FOREIGN KEY ("articolo_id") REFERENCES "public"."articolo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrello_salvato" ADD CONSTRAINT "carrello_salvato_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indirizzo_cliente" ADD CONSTRAINT "indirizzo_cliente_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordine" ADD CONSTRAINT "ordine_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordine_riga" ADD CONSTRAINT "ordine_riga_ordine_id_ordine_id_fk" FOREIGN KEY ("ordine_id") REFERENCES "public"."ordine"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordine_riga" ADD CONSTRAINT "ordine_riga_articolo_id_articolo_id_fk" FOREIGN KEY ("articolo_id") REFERENCES "public"."articolo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrello_riga_carrello_idx" ON "carrello_riga" USING btree ("carrello_id","id");--> statement-breakpoint
CREATE INDEX "carrello_riga_articolo_idx" ON "carrello_riga" USING btree ("articolo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carrello_salvato_user_nome_uq" ON "carrello_salvato" USING btree ("user_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "indirizzo_cliente_user_tipo_uq" ON "indirizzo_cliente" USING btree ("user_id","tipo_indirizzo");--> statement-breakpoint
CREATE UNIQUE INDEX "ordine_user_idempotency_uq" ON "ordine" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ordine_anno_tipo_numero_uq" ON "ordine" USING btree ("anno","tiporichiesta","numero");--> statement-breakpoint
CREATE INDEX "ordine_user_created_idx" ON "ordine" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ordine_riga_ordine_riga_uq" ON "ordine_riga" USING btree ("ordine_id","riga");--> statement-breakpoint
CREATE INDEX "spese_spedizione_stato_idx" ON "spese_spedizione" USING btree ("stato","peso_da");--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "ordine_numero_seq";