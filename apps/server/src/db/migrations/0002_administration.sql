CREATE TABLE "banner" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"messages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"type" varchar(30) NOT NULL,
	"ambiente" varchar(50) DEFAULT 'TUTTI' NOT NULL,
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "banner_checked" (
	"banner_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"text" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banner_checked_banner_id_user_id_pk" PRIMARY KEY("banner_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "i18n_text" (
	"text_id" varchar(200) NOT NULL,
	"locale_id" varchar(10) NOT NULL,
	"text" text NOT NULL,
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone,
	CONSTRAINT "i18n_text_text_id_locale_id_pk" PRIMARY KEY("text_id","locale_id")
);
--> statement-breakpoint
ALTER TABLE "user_session" ADD COLUMN "act_as_user_id" bigint;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "erp_user_enc" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "erp_password_enc" text;--> statement-breakpoint
ALTER TABLE "banner_checked" ADD CONSTRAINT "banner_checked_banner_id_banner_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_checked" ADD CONSTRAINT "banner_checked_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_active_idx" ON "banner" USING btree ("type","start_date","end_date");--> statement-breakpoint
CREATE INDEX "banner_checked_user_idx" ON "banner_checked" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "user_session" ADD CONSTRAINT "user_session_act_as_user_id_app_user_id_fk" FOREIGN KEY ("act_as_user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_user_created_date_idx" ON "app_user" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "app_user_company_idx" ON "app_user" USING btree ("company");--> statement-breakpoint
CREATE INDEX "app_user_last_modified_by_idx" ON "app_user" USING btree ("last_modified_by");--> statement-breakpoint
CREATE INDEX "app_user_dealer_login_idx" ON "app_user" USING btree ("dealer_login");