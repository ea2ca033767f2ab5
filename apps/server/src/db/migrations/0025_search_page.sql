CREATE TABLE "search_page" (
	"key" text PRIMARY KEY NOT NULL,
	"ids" bigint[] NOT NULL,
	"total" integer NOT NULL,
	"capped" boolean NOT NULL,
	"match" text NOT NULL,
	"corrected" text[]
);
--> statement-breakpoint
-- A kept page is stale on any change of the search data, like the kept tiers and counts.
CREATE OR REPLACE FUNCTION "search_top_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_top_state" SET "generation" = "generation" + 1 WHERE "id" = 1;
  DELETE FROM "search_top";
  DELETE FROM "search_count";
  DELETE FROM "search_page";
  RETURN NULL;
END
$$;
