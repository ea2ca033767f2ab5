CREATE TABLE "erp_storico_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" varchar(10) NOT NULL,
	"name" varchar(255) NOT NULL,
	"document_id" varchar(100),
	"generated_at" timestamp with time zone,
	"outcome" varchar(10) NOT NULL,
	"reason" text,
	"ordini" integer DEFAULT 0 NOT NULL,
	"righe" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storico_ordine" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"tiporichiesta" varchar(5) NOT NULL,
	"nro_ord_txt" varchar(40) NOT NULL,
	"ordine_id" bigint,
	"rif_vs_nro_ord" varchar(100),
	"portale" boolean NOT NULL,
	"data_ins" timestamp with time zone NOT NULL,
	"erp_generated_at" timestamp with time zone,
	CONSTRAINT "storico_ordine_nro_ord_txt_unique" UNIQUE("nro_ord_txt")
);
--> statement-breakpoint
CREATE TABLE "storico_ordine_riga" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"storico_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"tiporichiesta" varchar(5) NOT NULL,
	"data_ins" timestamp with time zone NOT NULL,
	"riga" integer NOT NULL,
	"articolo_id" bigint,
	"cod_art" varchar(40) NOT NULL,
	"desc_riga" varchar(255) NOT NULL,
	"unita_misura" varchar(5),
	"matricola" varchar(30),
	"qta_ordinata" numeric(12, 3) NOT NULL,
	"qta_spedita" numeric(12, 3) DEFAULT 0 NOT NULL,
	"importo" numeric(12, 2),
	"se_evasa" boolean DEFAULT false NOT NULL,
	"data_spediz" date,
	"nro_sped_txt" varchar(40),
	"nro_fatt_txt" varchar(40),
	"way_bill" varchar(40),
	"way_bill_txt" varchar(100),
	"is_aftership" boolean DEFAULT false NOT NULL,
	"cod_aftership" varchar(40),
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storico_tracking_evento" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"way_bill" varchar(40) NOT NULL,
	"corriere" varchar(40),
	"data" timestamp with time zone NOT NULL,
	"luogo" varchar(255),
	"stato" varchar(20) NOT NULL,
	"descrizione" varchar(255) NOT NULL,
	"erp_generated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storico_ordine" ADD CONSTRAINT "storico_ordine_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storico_ordine" ADD CONSTRAINT "storico_ordine_ordine_id_ordine_id_fk" FOREIGN KEY ("ordine_id") REFERENCES "public"."ordine"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storico_ordine_riga" ADD CONSTRAINT "storico_ordine_riga_storico_id_storico_ordine_id_fk" FOREIGN KEY ("storico_id") REFERENCES "public"."storico_ordine"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erp_storico_log_document_idx" ON "erp_storico_log" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "erp_storico_log_received_idx" ON "erp_storico_log" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "storico_ordine_user_idx" ON "storico_ordine" USING btree ("user_id","data_ins");--> statement-breakpoint
CREATE UNIQUE INDEX "storico_ordine_riga_uq" ON "storico_ordine_riga" USING btree ("storico_id","riga");--> statement-breakpoint
CREATE INDEX "storico_ordine_riga_page_idx" ON "storico_ordine_riga" USING btree ("user_id","tiporichiesta","data_ins" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "storico_ordine_riga_search_idx" ON "storico_ordine_riga" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "storico_ordine_riga_waybill_idx" ON "storico_ordine_riga" USING btree ("way_bill");--> statement-breakpoint
CREATE INDEX "storico_tracking_evento_waybill_idx" ON "storico_tracking_evento" USING btree ("way_bill","data");