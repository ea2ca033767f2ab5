CREATE TABLE "cr_dar_header" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"matricola" varchar(20) NOT NULL,
	"data_compilazione" timestamp with time zone,
	"data_arrivo_macchina" date,
	"modello" varchar(50) NOT NULL,
	"user_login" varchar(50) NOT NULL,
	"user_first_name" varchar(50),
	"user_last_name" varchar(50),
	"user_email" varchar(100),
	"dealer_login" varchar(50) NOT NULL,
	"user_ragione_sociale" varchar(255),
	"stato" varchar(20) DEFAULT 'In Corso' NOT NULL,
	"valutazione_utente" integer,
	"valutazione_calcolata" numeric(12, 2),
	"note" varchar(4000),
	"template_header_id" bigint NOT NULL,
	"inviato_at" timestamp with time zone,
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cr_dar_line" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"header_id" bigint NOT NULL,
	"template_line_id" bigint NOT NULL,
	"risposta" varchar(2),
	"risposta_dettaglio" varchar(4000),
	"nome_immagine1" varchar(100),
	"immagine1_file_id" uuid,
	"nome_immagine2" varchar(100),
	"immagine2_file_id" uuid,
	"note" varchar(4000),
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cr_dar_template_header" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"da_data" date,
	"a_data" date,
	"file_logo" varchar(200),
	"nome" varchar(200) NOT NULL,
	"nome_breve" varchar(50),
	"versione" varchar(10) NOT NULL,
	"dar_descr" varchar(64),
	"note" varchar(4000),
	"tipo_documento" varchar(3) NOT NULL,
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cr_dar_template_line" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"template_header_id" bigint NOT NULL,
	"tipo_riga" char(1) NOT NULL,
	"progressivo1" integer NOT NULL,
	"progressivo2" integer,
	"progressivo3" integer,
	"dar_descr1" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dar_descr2" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_immagine" varchar(200),
	"score_ok" numeric(12, 2),
	"score_ko" numeric(12, 2),
	"score_na" numeric(12, 2),
	"note" varchar(4000),
	"dar_na_flag" char(1) DEFAULT 'N' NOT NULL,
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cr_dar_header" ADD CONSTRAINT "cr_dar_header_template_header_id_cr_dar_template_header_id_fk" FOREIGN KEY ("template_header_id") REFERENCES "public"."cr_dar_template_header"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cr_dar_line" ADD CONSTRAINT "cr_dar_line_header_id_cr_dar_header_id_fk" FOREIGN KEY ("header_id") REFERENCES "public"."cr_dar_header"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cr_dar_line" ADD CONSTRAINT "cr_dar_line_template_line_id_cr_dar_template_line_id_fk" FOREIGN KEY ("template_line_id") REFERENCES "public"."cr_dar_template_line"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cr_dar_line" ADD CONSTRAINT "cr_dar_line_immagine1_file_id_stored_file_id_fk" FOREIGN KEY ("immagine1_file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cr_dar_line" ADD CONSTRAINT "cr_dar_line_immagine2_file_id_stored_file_id_fk" FOREIGN KEY ("immagine2_file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cr_dar_template_line" ADD CONSTRAINT "cr_dar_template_line_template_header_id_cr_dar_template_header_id_fk" FOREIGN KEY ("template_header_id") REFERENCES "public"."cr_dar_template_header"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cr_dar_header_dealer_idx" ON "cr_dar_header" USING btree ("dealer_login","id");--> statement-breakpoint
CREATE INDEX "cr_dar_header_matricola_idx" ON "cr_dar_header" USING btree ("matricola");--> statement-breakpoint
CREATE INDEX "cr_dar_header_template_idx" ON "cr_dar_header" USING btree ("template_header_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cr_dar_line_header_template_uq" ON "cr_dar_line" USING btree ("header_id","template_line_id");--> statement-breakpoint
CREATE INDEX "cr_dar_line_immagine1_idx" ON "cr_dar_line" USING btree ("nome_immagine1");--> statement-breakpoint
CREATE INDEX "cr_dar_line_immagine2_idx" ON "cr_dar_line" USING btree ("nome_immagine2");--> statement-breakpoint
CREATE INDEX "cr_dar_template_header_tipo_idx" ON "cr_dar_template_header" USING btree ("tipo_documento","da_data");--> statement-breakpoint
CREATE INDEX "cr_dar_template_line_header_idx" ON "cr_dar_template_line" USING btree ("template_header_id","progressivo1","progressivo2","progressivo3");