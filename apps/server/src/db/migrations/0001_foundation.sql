CREATE TABLE "audit_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"principal" varchar(100) NOT NULL,
	"event_date" timestamp with time zone DEFAULT now() NOT NULL,
	"event_type" varchar(64) NOT NULL,
	"remote_address" varchar(64),
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_session" (
	"series" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"session_hash" varchar(64),
	"session_expires_at" timestamp with time zone,
	"remember_me" boolean DEFAULT false NOT NULL,
	"token_hash" varchar(64),
	"previous_token_hash" varchar(64),
	"token_rotated_at" timestamp with time zone,
	"remember_expires_at" timestamp with time zone,
	"ip_address" varchar(64),
	"user_agent" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme" (
	"name" varchar(50) PRIMARY KEY NOT NULL,
	"label" varchar(50) NOT NULL,
	"title" varchar(100) NOT NULL,
	"logo" varchar(200) NOT NULL,
	"host_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"can_access_parts" boolean DEFAULT false NOT NULL,
	"can_access_tracks" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"tokens" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"login" varchar(50) NOT NULL,
	"password_hash" varchar(200) NOT NULL,
	"first_name" varchar(50),
	"last_name" varchar(50),
	"company" varchar(40),
	"email" varchar(100),
	"activated" boolean DEFAULT false NOT NULL,
	"lang_key" varchar(10) DEFAULT 'it' NOT NULL,
	"activation_key_hash" varchar(64),
	"reset_key_hash" varchar(64),
	"reset_date" timestamp with time zone,
	"tema" varchar(50),
	"tema_pdf" varchar(50),
	"logica" varchar(30) DEFAULT 'dealer' NOT NULL,
	"vede_sconto" boolean DEFAULT true NOT NULL,
	"vede_prezzi" boolean DEFAULT true NOT NULL,
	"markup" numeric(6, 2) DEFAULT '1' NOT NULL,
	"vede_tutte_le_matricole" boolean DEFAULT false NOT NULL,
	"sconto" numeric(5, 2) DEFAULT '0' NOT NULL,
	"indirizzo" varchar(45),
	"cap" varchar(7),
	"citta" varchar(30),
	"stato" varchar(10),
	"dealer_login" varchar(50),
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "authority" (
	"name" varchar(50) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_authority" (
	"user_id" bigint NOT NULL,
	"authority_name" varchar(50) NOT NULL,
	CONSTRAINT "user_authority_user_id_authority_name_pk" PRIMARY KEY("user_id","authority_name")
);
--> statement-breakpoint
ALTER TABLE "user_session" ADD CONSTRAINT "user_session_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_authority" ADD CONSTRAINT "user_authority_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_authority" ADD CONSTRAINT "user_authority_authority_name_authority_name_fk" FOREIGN KEY ("authority_name") REFERENCES "public"."authority"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_event_principal_idx" ON "audit_event" USING btree ("principal","event_type","event_date");--> statement-breakpoint
CREATE INDEX "audit_event_address_idx" ON "audit_event" USING btree ("remote_address","event_type","event_date");--> statement-breakpoint
CREATE INDEX "audit_event_date_idx" ON "audit_event" USING btree ("event_date");--> statement-breakpoint
CREATE INDEX "outbox_message_due_idx" ON "outbox_message" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "user_session_user_idx" ON "user_session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_login_uq" ON "app_user" USING btree ("login");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_email_uq" ON "app_user" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "app_user_activation_key_idx" ON "app_user" USING btree ("activation_key_hash");--> statement-breakpoint
CREATE INDEX "app_user_reset_key_idx" ON "app_user" USING btree ("reset_key_hash");