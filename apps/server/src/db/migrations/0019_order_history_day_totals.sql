CREATE TABLE "storico_ordine_giorno" (
	"user_id" bigint NOT NULL,
	"tiporichiesta" varchar(5) NOT NULL,
	"giorno" date NOT NULL,
	"righe" integer NOT NULL,
	"da_evadere" integer NOT NULL,
	CONSTRAINT "storico_ordine_giorno_user_id_tiporichiesta_giorno_pk" PRIMARY KEY("user_id","tiporichiesta","giorno")
);

--> statement-breakpoint
-- Each statement's lines, added (new) and taken away (old), grouped by customer, type and day, in key
-- order so that two writers lock the day rows in the same order; a group whose net change is none is
-- not written at all (an ERP update of quantities only).
CREATE FUNCTION "storico_ordine_giorno_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "storico_ordine_giorno" AS g ("user_id", "tiporichiesta", "giorno", "righe", "da_evadere")
    SELECT "user_id", "tiporichiesta", ("data_ins" AT TIME ZONE 'UTC')::date, count(*),
           count(*) FILTER (WHERE NOT "se_evasa")
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "tiporichiesta", "giorno") DO UPDATE
      SET "righe" = g."righe" + excluded."righe", "da_evadere" = g."da_evadere" + excluded."da_evadere";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "storico_ordine_giorno" AS g ("user_id", "tiporichiesta", "giorno", "righe", "da_evadere")
    SELECT "user_id", "tiporichiesta", ("data_ins" AT TIME ZONE 'UTC')::date, -count(*),
           -count(*) FILTER (WHERE NOT "se_evasa")
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "tiporichiesta", "giorno") DO UPDATE
      SET "righe" = g."righe" + excluded."righe", "da_evadere" = g."da_evadere" + excluded."da_evadere";
  ELSE
    INSERT INTO "storico_ordine_giorno" AS g ("user_id", "tiporichiesta", "giorno", "righe", "da_evadere")
    SELECT "user_id", "tiporichiesta", "giorno", sum("righe"), sum("da_evadere")
    FROM (
      SELECT "user_id", "tiporichiesta", ("data_ins" AT TIME ZONE 'UTC')::date AS "giorno", 1 AS "righe",
             CASE WHEN "se_evasa" THEN 0 ELSE 1 END AS "da_evadere"
      FROM new_rows
      UNION ALL
      SELECT "user_id", "tiporichiesta", ("data_ins" AT TIME ZONE 'UTC')::date, -1,
             CASE WHEN "se_evasa" THEN 0 ELSE -1 END
      FROM old_rows
    ) AS change
    GROUP BY 1, 2, 3 HAVING sum("righe") <> 0 OR sum("da_evadere") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "tiporichiesta", "giorno") DO UPDATE
      SET "righe" = g."righe" + excluded."righe", "da_evadere" = g."da_evadere" + excluded."da_evadere";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "storico_ordine_riga_day_insert" AFTER INSERT ON "storico_ordine_riga"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "storico_ordine_giorno_apply"();
--> statement-breakpoint
CREATE TRIGGER "storico_ordine_riga_day_update" AFTER UPDATE ON "storico_ordine_riga"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "storico_ordine_giorno_apply"();
--> statement-breakpoint
CREATE TRIGGER "storico_ordine_riga_day_delete" AFTER DELETE ON "storico_ordine_riga"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "storico_ordine_giorno_apply"();
--> statement-breakpoint
-- TRUNCATE fires no row trigger and carries no transition table: the totals go with the lines.
CREATE FUNCTION "storico_ordine_giorno_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "storico_ordine_giorno";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "storico_ordine_riga_day_truncate" AFTER TRUNCATE ON "storico_ordine_riga"
  FOR EACH STATEMENT EXECUTE FUNCTION "storico_ordine_giorno_truncate"();
--> statement-breakpoint
INSERT INTO "storico_ordine_giorno" ("user_id", "tiporichiesta", "giorno", "righe", "da_evadere")
SELECT "user_id", "tiporichiesta", ("data_ins" AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE NOT "se_evasa")
FROM "storico_ordine_riga" GROUP BY 1, 2, 3;
