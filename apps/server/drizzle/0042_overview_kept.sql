-- The rest of the office home, kept: per customer the machines in use that are
-- afgekeurd (`rejected`) and those not afgekeurd whose next due date lies in the window after the
-- clock's day (`due_soon`: day < next_due_date <= day + window_days), beside Verlopen; and the
-- number of follow-ups per status in kept_counts ('followups:open', 'followups:done'). The home
-- then reads one narrow row per customer and one key instead of counting thousands of index
-- entries per request. The same locks and clock as migration 0025: the triggers take advisory lock
-- 727275 shared, the clock's move takes it exclusive.
ALTER TABLE "overview_counts" ADD COLUMN "rejected" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "overview_counts" ADD COLUMN "due_soon" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The window of `due_soon` in days (the app's OVERVIEW_WINDOW_DAYS; a reader with another window
-- moves the clock with it, which rebuilds the counts).
ALTER TABLE "overview_clock" ADD COLUMN "window_days" integer DEFAULT 28 NOT NULL;--> statement-breakpoint
-- Adds deltas per customer in customer order (two changes at once wait for each other's rows and
-- never lock them in another order). The machines' triggers use this one; the due rows' trigger
-- keeps 0025's three-column version (it adds to `overdue_rows` only).
CREATE FUNCTION "overview_counts_add"("p_customers" integer[], "p_overdue" integer[], "p_overdue_rows" integer[],
    "p_rejected" integer[], "p_due_soon" integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "overview_counts" AS c ("customer_id", "overdue", "overdue_rows", "rejected", "due_soon")
  SELECT d."customer_id", sum(d."o")::int, sum(d."r")::int, sum(d."x")::int, sum(d."s")::int
  FROM unnest("p_customers", "p_overdue", "p_overdue_rows", "p_rejected", "p_due_soon") AS d("customer_id", "o", "r", "x", "s")
  GROUP BY d."customer_id" HAVING sum(d."o") <> 0 OR sum(d."r") <> 0 OR sum(d."x") <> 0 OR sum(d."s") <> 0
  ORDER BY d."customer_id"
  ON CONFLICT ("customer_id") DO UPDATE SET "overdue" = c."overdue" + excluded."overdue",
    "overdue_rows" = c."overdue_rows" + excluded."overdue_rows",
    "rejected" = c."rejected" + excluded."rejected", "due_soon" = c."due_soon" + excluded."due_soon";
$$;--> statement-breakpoint
-- What one machine row counts for as of a day and window: (overdue, rejected, due_soon), each 0 or 1.
CREATE FUNCTION "overview_machine_counts"("p_archived_at" timestamptz, "p_due_rejected" boolean, "p_next_due_date" date,
    "p_day" date, "p_window" integer, OUT "overdue" integer, OUT "rejected" integer, OUT "due_soon" integer)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT
    CASE WHEN "p_archived_at" IS NULL AND NOT "p_due_rejected" AND "p_next_due_date" <= "p_day" THEN 1 ELSE 0 END,
    CASE WHEN "p_archived_at" IS NULL AND "p_due_rejected" THEN 1 ELSE 0 END,
    CASE WHEN "p_archived_at" IS NULL AND NOT "p_due_rejected" AND "p_next_due_date" > "p_day"
      AND "p_next_due_date" <= "p_day" + "p_window" THEN 1 ELSE 0 END;
$$;--> statement-breakpoint
DROP FUNCTION "overview_counts_rebuild"(date);--> statement-breakpoint
DROP FUNCTION "overview_clock_set"(date);--> statement-breakpoint
-- The counts rebuilt from scratch as of a day and window (the backfill; a repair).
CREATE FUNCTION "overview_counts_rebuild"("p_day" date, "p_window" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727275);
  DELETE FROM "overview_counts";
  PERFORM "overview_counts_add"(array_agg(x."customer_id"), array_agg(x."o"), array_agg(x."r"),
      array_agg(x."x"), array_agg(x."s")) FROM (
    SELECT m."customer_id", k."overdue" AS "o", 0 AS "r", k."rejected" AS "x", k."due_soon" AS "s"
      FROM "machines" m
      CROSS JOIN LATERAL "overview_machine_counts"(m."archived_at", m."due_rejected", m."next_due_date", "p_day", "p_window") k
      WHERE m."archived_at" IS NULL AND (m."due_rejected" OR m."next_due_date" <= "p_day" + "p_window")
    UNION ALL
    SELECT "customer_id", 0, 1, 0, 0 FROM "machine_due" WHERE NOT "rejected" AND "due_date" <= "p_day"
  ) x;
  INSERT INTO "overview_clock" ("id", "day", "window_days") VALUES (true, "p_day", "p_window")
    ON CONFLICT ("id") DO UPDATE SET "day" = excluded."day", "window_days" = excluded."window_days";
END
$$;--> statement-breakpoint
-- Moves the clock to a day (and window): only the machines and rows whose due date lies between the
-- old and the new day (Verlopen), or in either window (Binnen 4 weken), change sides. Another window
-- rebuilds.
CREATE FUNCTION "overview_clock_set"("p_day" date, "p_window" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE d date; w integer; lo date; hi date; sign int;
BEGIN
  PERFORM pg_advisory_xact_lock(727275);
  SELECT "day", "window_days" INTO d, w FROM "overview_clock";
  IF d IS NULL OR w <> "p_window" THEN PERFORM "overview_counts_rebuild"("p_day", "p_window"); RETURN; END IF;
  IF d = "p_day" THEN RETURN; END IF;
  lo := least(d, "p_day"); hi := greatest(d, "p_day"); sign := CASE WHEN "p_day" > d THEN 1 ELSE -1 END;
  PERFORM "overview_counts_add"(array_agg(x."customer_id"), array_agg(x."o"), array_agg(x."r"),
      array_agg(x."x"), array_agg(x."s")) FROM (
    SELECT m."customer_id", n."overdue" - o."overdue" AS "o", 0 AS "r", 0 AS "x", n."due_soon" - o."due_soon" AS "s"
      FROM "machines" m
      CROSS JOIN LATERAL "overview_machine_counts"(m."archived_at", m."due_rejected", m."next_due_date", d, w) o
      CROSS JOIN LATERAL "overview_machine_counts"(m."archived_at", m."due_rejected", m."next_due_date", "p_day", w) n
      WHERE m."archived_at" IS NULL AND NOT m."due_rejected"
        AND ((m."next_due_date" > lo AND m."next_due_date" <= hi)
          OR (m."next_due_date" > d AND m."next_due_date" <= d + w)
          OR (m."next_due_date" > "p_day" AND m."next_due_date" <= "p_day" + w))
    UNION ALL
    SELECT "customer_id", 0, sign, 0, 0 FROM "machine_due" WHERE NOT "rejected" AND "due_date" > lo AND "due_date" <= hi
  ) x;
  UPDATE "overview_clock" SET "day" = "p_day";
END
$$;--> statement-breakpoint
-- The transition tables exist per event: each branch reads only the ones of its event.
CREATE OR REPLACE FUNCTION "overview_counts_machines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d date; w integer;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727275);
  SELECT "day", "window_days" INTO d, w FROM "overview_clock";
  IF TG_OP = 'INSERT' THEN
    PERFORM "overview_counts_add"(array_agg(n."customer_id"), array_agg(k."overdue"), array_agg(0),
        array_agg(k."rejected"), array_agg(k."due_soon"))
      FROM new_rows n CROSS JOIN LATERAL "overview_machine_counts"(n."archived_at", n."due_rejected", n."next_due_date", d, w) k;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "overview_counts_add"(array_agg(o."customer_id"), array_agg(-k."overdue"), array_agg(0),
        array_agg(-k."rejected"), array_agg(-k."due_soon"))
      FROM old_rows o CROSS JOIN LATERAL "overview_machine_counts"(o."archived_at", o."due_rejected", o."next_due_date", d, w) k;
  ELSE
    PERFORM "overview_counts_add"(array_agg(x."customer_id"), array_agg(x."o"), array_agg(0),
        array_agg(x."x"), array_agg(x."s")) FROM (
      SELECT o."customer_id", -k."overdue" AS "o", -k."rejected" AS "x", -k."due_soon" AS "s"
        FROM old_rows o CROSS JOIN LATERAL "overview_machine_counts"(o."archived_at", o."due_rejected", o."next_due_date", d, w) k
      UNION ALL
      SELECT n."customer_id", k."overdue", k."rejected", k."due_soon"
        FROM new_rows n CROSS JOIN LATERAL "overview_machine_counts"(n."archived_at", n."due_rejected", n."next_due_date", d, w) k
    ) x;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "overview_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "overview_counts_rebuild"(c."day", c."window_days") FROM "overview_clock" c;
  RETURN NULL;
END
$$;--> statement-breakpoint
SELECT "overview_counts_rebuild"((now() AT TIME ZONE 'Europe/Amsterdam')::date, 28);--> statement-breakpoint
-- Follow-ups per status, kept like the malfunctions' (migration 0021).
INSERT INTO "kept_counts" ("key", "n")
SELECT 'followups:' || s, (SELECT count(*)::int FROM "followups" WHERE "status" = s)
FROM unnest(ARRAY['done', 'open']) s
ON CONFLICT ("key") DO UPDATE SET "n" = excluded."n";--> statement-breakpoint
-- One function for a table's rows per status, kept under '<TG_ARGV[0]>:<status>'.
CREATE FUNCTION "kept_counts_per_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "kept_counts_add"(array_agg(TG_ARGV[0] || ':' || n."status"), array_agg(1)) FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "kept_counts_add"(array_agg(TG_ARGV[0] || ':' || o."status"), array_agg(-1)) FROM old_rows o;
  ELSE
    PERFORM "kept_counts_add"(array_agg(x."key"), array_agg(x."d")) FROM (
      SELECT TG_ARGV[0] || ':' || o."status" AS "key", -1 AS "d" FROM old_rows o
      UNION ALL
      SELECT TG_ARGV[0] || ':' || n."status", 1 FROM new_rows n
    ) x;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "followups_kept_count_insert" AFTER INSERT ON "followups"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_counts_per_status"('followups');--> statement-breakpoint
CREATE TRIGGER "followups_kept_count_delete" AFTER DELETE ON "followups"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_counts_per_status"('followups');--> statement-breakpoint
CREATE TRIGGER "followups_kept_count_update" AFTER UPDATE ON "followups"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_counts_per_status"('followups');--> statement-breakpoint
CREATE TRIGGER "followups_kept_count_truncate" AFTER TRUNCATE ON "followups"
FOR EACH STATEMENT EXECUTE FUNCTION "kept_counts_truncated"('followups');
