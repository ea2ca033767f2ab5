CREATE TABLE "search_count" (
	"query" text NOT NULL,
	"cap" integer NOT NULL,
	CONSTRAINT "search_count_query_cap_pk" PRIMARY KEY("query","cap")
);
--> statement-breakpoint
CREATE TABLE "search_top" (
	"vector" text NOT NULL,
	"query" text NOT NULL,
	"ids" bigint[] NOT NULL,
	"codes" text[] NOT NULL,
	CONSTRAINT "search_top_vector_query_pk" PRIMARY KEY("vector","query")
);
--> statement-breakpoint
CREATE TABLE "search_top_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "search_top_state" ("id", "generation") VALUES (1, 0);
--> statement-breakpoint
-- Any change of the search data (one row or a whole reindex) makes every kept result stale.
CREATE FUNCTION "search_top_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_top_state" SET "generation" = "generation" + 1 WHERE "id" = 1;
  DELETE FROM "search_top";
  DELETE FROM "search_count";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "articolo_search_flush_top" AFTER INSERT OR UPDATE OR DELETE ON "articolo_search"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_top_flush"();
--> statement-breakpoint
CREATE TRIGGER "articolo_search_truncate_top" AFTER TRUNCATE ON "articolo_search"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_top_flush"();
