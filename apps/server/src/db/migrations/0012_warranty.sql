CREATE SEQUENCE "public"."richiesta_garanzia_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "richiesta_garanzia" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"numero" integer NOT NULL,
	"matricola" varchar(15) NOT NULL,
	"dealer_login" varchar(50),
	"data_richiesta" date NOT NULL,
	"data_fine_garanzia" date,
	"data_guasto" date NOT NULL,
	"data_riparazione" date,
	"ore_lavoro" numeric(10, 1) NOT NULL,
	"ore_intervento" numeric(10, 1),
	"ore_viaggio" numeric(10, 1),
	"chilometri" integer,
	"costo_totale_intervento" numeric(12, 2),
	"problema_segnalato" varchar(50) NOT NULL,
	"problema_note" varchar(500) NOT NULL,
	"collocazione_problema" varchar(50) NOT NULL,
	"codice_componente" varchar(40),
	"soluzione_adottata_note" varchar(500),
	"stato" varchar(3),
	"provincia" varchar(2),
	"stato_attivita" varchar(16) DEFAULT 'APERTA' NOT NULL,
	"ordine_id" bigint,
	"lingua" varchar(5) DEFAULT 'it' NOT NULL,
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone,
	CONSTRAINT "richiesta_garanzia_numero_uq" UNIQUE("numero")
);
--> statement-breakpoint
CREATE TABLE "richiesta_garanzia_allegato" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"richiesta_id" bigint NOT NULL,
	"created_by" varchar(50) NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "richiesta_garanzia_evento" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"richiesta_id" bigint NOT NULL,
	"stato_attivita" varchar(16) NOT NULL,
	"nota" varchar(500),
	"login" varchar(50) NOT NULL,
	"data" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "richiesta_garanzia" ADD CONSTRAINT "richiesta_garanzia_ordine_id_ordine_id_fk" FOREIGN KEY ("ordine_id") REFERENCES "public"."ordine"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "richiesta_garanzia_allegato" ADD CONSTRAINT "richiesta_garanzia_allegato_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "richiesta_garanzia_allegato" ADD CONSTRAINT "richiesta_garanzia_allegato_richiesta_id_richiesta_garanzia_id_fk" FOREIGN KEY ("richiesta_id") REFERENCES "public"."richiesta_garanzia"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "richiesta_garanzia_evento" ADD CONSTRAINT "richiesta_garanzia_evento_richiesta_id_richiesta_garanzia_id_fk" FOREIGN KEY ("richiesta_id") REFERENCES "public"."richiesta_garanzia"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "richiesta_garanzia_matricola_idx" ON "richiesta_garanzia" USING btree ("matricola");--> statement-breakpoint
CREATE INDEX "richiesta_garanzia_dealer_idx" ON "richiesta_garanzia" USING btree ("dealer_login","stato_attivita");--> statement-breakpoint
CREATE INDEX "richiesta_garanzia_stato_data_idx" ON "richiesta_garanzia" USING btree ("stato_attivita","data_richiesta");--> statement-breakpoint
CREATE INDEX "richiesta_garanzia_allegato_richiesta_idx" ON "richiesta_garanzia_allegato" USING btree ("richiesta_id");--> statement-breakpoint
CREATE INDEX "richiesta_garanzia_evento_richiesta_idx" ON "richiesta_garanzia_evento" USING btree ("richiesta_id","data");