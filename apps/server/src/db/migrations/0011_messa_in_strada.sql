CREATE TABLE "messa_in_strada" (
	"matricola" varchar(15) PRIMARY KEY NOT NULL,
	"nome_cliente" varchar(45) NOT NULL,
	"via" varchar(45) NOT NULL,
	"cap" varchar(7) NOT NULL,
	"loc" varchar(30) NOT NULL,
	"partita_iva" varchar(20) NOT NULL,
	"geo_loc" varchar(100),
	"stato" varchar(3) NOT NULL,
	"provincia" varchar(2),
	"ms_settore" varchar(50) NOT NULL,
	"rif" varchar(45),
	"telefono" varchar(30),
	"email" varchar(40),
	"ms_data" date NOT NULL,
	"se_editable" char(1) DEFAULT 'Y' NOT NULL,
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messa_in_strada_allegato" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"matricola" varchar(15) NOT NULL,
	"created_by" varchar(50) NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messa_in_strada_allegato" ADD CONSTRAINT "messa_in_strada_allegato_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messa_in_strada_allegato" ADD CONSTRAINT "messa_in_strada_allegato_matricola_messa_in_strada_matricola_fk" FOREIGN KEY ("matricola") REFERENCES "public"."messa_in_strada"("matricola") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messa_in_strada_ms_data_idx" ON "messa_in_strada" USING btree ("ms_data");--> statement-breakpoint
CREATE INDEX "messa_in_strada_cliente_idx" ON "messa_in_strada" USING btree ("nome_cliente");--> statement-breakpoint
CREATE INDEX "messa_in_strada_allegato_matricola_idx" ON "messa_in_strada_allegato" USING btree ("matricola");