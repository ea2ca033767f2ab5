CREATE TABLE "cr_documenti" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL,
	"da_data" date,
	"a_data" date,
	"interno" boolean DEFAULT false NOT NULL,
	"brand" varchar(50) NOT NULL,
	"tipo_documento" varchar(50) NOT NULL,
	"categoria1" varchar(50) NOT NULL,
	"categoria2" varchar(50),
	"categoria3" varchar(50),
	"note" varchar(4000),
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cr_documenti_file" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_cr_documenti" bigint NOT NULL,
	"codice" varchar(200) NOT NULL,
	"descrizione_file" varchar(200) NOT NULL,
	"lingua" varchar(2) NOT NULL,
	"nome_file_fisico" varchar(60) NOT NULL,
	"nome_file_originale" varchar(255) NOT NULL,
	"note" varchar(4000),
	"file_id" uuid NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "cr_documenti_file_fisico_uq" UNIQUE("nome_file_fisico"),
	CONSTRAINT "cr_documenti_file_file_uq" UNIQUE("file_id")
);
--> statement-breakpoint
CREATE TABLE "cr_documenti_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"login" varchar(50) NOT NULL,
	"ip_address" varchar(64),
	"data" timestamp with time zone DEFAULT now() NOT NULL,
	"interno" boolean DEFAULT false NOT NULL,
	"id_documento" bigint NOT NULL,
	"nome_file_originale" varchar(255),
	"filtri_ricerca_applicati" varchar(2000),
	"lingua_documento" varchar(2),
	"albero_documento" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "cr_documenti_modelli" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_cr_documenti" bigint NOT NULL,
	"modello" varchar(200) NOT NULL,
	"da_matricola" varchar(200),
	"a_matricola" varchar(200),
	"note" varchar(4000)
);
--> statement-breakpoint
ALTER TABLE "cr_documenti_file" ADD CONSTRAINT "cr_documenti_file_id_cr_documenti_cr_documenti_id_fk" FOREIGN KEY ("id_cr_documenti") REFERENCES "public"."cr_documenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cr_documenti_file" ADD CONSTRAINT "cr_documenti_file_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cr_documenti_modelli" ADD CONSTRAINT "cr_documenti_modelli_id_cr_documenti_cr_documenti_id_fk" FOREIGN KEY ("id_cr_documenti") REFERENCES "public"."cr_documenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cr_documenti_brand_idx" ON "cr_documenti" USING btree ("brand","tipo_documento");--> statement-breakpoint
CREATE INDEX "cr_documenti_da_data_idx" ON "cr_documenti" USING btree ("da_data");--> statement-breakpoint
CREATE INDEX "cr_documenti_a_data_idx" ON "cr_documenti" USING btree ("a_data");--> statement-breakpoint
CREATE INDEX "cr_documenti_nome_idx" ON "cr_documenti" USING btree ("nome");--> statement-breakpoint
CREATE INDEX "cr_documenti_interno_idx" ON "cr_documenti" USING btree ("interno");--> statement-breakpoint
CREATE INDEX "cr_documenti_file_doc_idx" ON "cr_documenti_file" USING btree ("id_cr_documenti","lingua");--> statement-breakpoint
CREATE INDEX "cr_documenti_file_codice_idx" ON "cr_documenti_file" USING btree ("codice");--> statement-breakpoint
CREATE INDEX "cr_documenti_file_descr_idx" ON "cr_documenti_file" USING btree ("descrizione_file");--> statement-breakpoint
CREATE INDEX "cr_documenti_file_lingua_idx" ON "cr_documenti_file" USING btree ("lingua");--> statement-breakpoint
CREATE INDEX "cr_documenti_file_search_idx" ON "cr_documenti_file" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cr_documenti_log_data_idx" ON "cr_documenti_log" USING btree ("data");--> statement-breakpoint
CREATE INDEX "cr_documenti_log_login_idx" ON "cr_documenti_log" USING btree ("login","data");--> statement-breakpoint
CREATE INDEX "cr_documenti_log_doc_idx" ON "cr_documenti_log" USING btree ("id_documento","data");--> statement-breakpoint
CREATE INDEX "cr_documenti_modelli_modello_idx" ON "cr_documenti_modelli" USING btree ("modello","id_cr_documenti");--> statement-breakpoint
CREATE INDEX "cr_documenti_modelli_doc_idx" ON "cr_documenti_modelli" USING btree ("id_cr_documenti");--> statement-breakpoint
CREATE INDEX "cr_documenti_modelli_da_idx" ON "cr_documenti_modelli" USING btree ("da_matricola");--> statement-breakpoint
CREATE INDEX "cr_documenti_modelli_a_idx" ON "cr_documenti_modelli" USING btree ("a_matricola");