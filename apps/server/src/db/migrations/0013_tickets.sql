CREATE TABLE "ticket" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"login" varchar(50) NOT NULL,
	"nome" varchar(50),
	"cognome" varchar(50),
	"title" varchar(200) NOT NULL,
	"descrizione" varchar(4000) DEFAULT '' NOT NULL,
	"tipologia_key" integer NOT NULL,
	"modello" varchar(100),
	"matricola" varchar(15) NOT NULL,
	"ore_utilizzo" integer NOT NULL,
	"collocazione_key" integer NOT NULL,
	"urgenza_cliente_key" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"lingua" varchar(5) DEFAULT 'it' NOT NULL,
	"data_garanzia" date,
	"attesa" varchar(8),
	"assegnatario" varchar(50),
	"insert_time" timestamp with time zone DEFAULT now() NOT NULL,
	"close_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_file" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL,
	"created_by" varchar(50) NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_nota" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL,
	"author" varchar(50) NOT NULL,
	"staff" boolean NOT NULL,
	"text" varchar(4000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_file" ADD CONSTRAINT "ticket_file_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_file" ADD CONSTRAINT "ticket_file_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_nota" ADD CONSTRAINT "ticket_nota_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_login_idx" ON "ticket" USING btree ("login","insert_time");--> statement-breakpoint
CREATE INDEX "ticket_status_idx" ON "ticket" USING btree ("status","insert_time");--> statement-breakpoint
CREATE INDEX "ticket_attesa_idx" ON "ticket" USING btree ("attesa","status");--> statement-breakpoint
CREATE INDEX "ticket_file_ticket_idx" ON "ticket_file" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_nota_ticket_idx" ON "ticket_nota" USING btree ("ticket_id","created_at");