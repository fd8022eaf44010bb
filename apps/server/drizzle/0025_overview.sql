-- The office home: machines in use and not afgekeurd by their earliest due date,
-- with the customer, so "Verlopen" (a range up to today, grouped per customer) and "Binnen 4
-- weken" (a range after today) are index-only scans without a visit to the machine rows.
CREATE INDEX "machines_due_open_idx" ON "machines" USING btree ("next_due_date","customer_id") WHERE "archived_at" is null and not "due_rejected";
--> statement-breakpoint
-- Verlopen per customer, kept: the number of machines (in use, not afgekeurd, next_due_date on or
-- before the clock's day) and of due rows (machine_due, not rejected, due_date on or before that
-- day) per customer, as of overview_clock.day. Triggers keep the counts in the transaction of
-- every change of machines and machine_due; when the Dutch day moves on, the first reader moves
-- the clock (overview_clock_set): only the machines whose due date lies between the two days
-- change sides, a one-day range of the due-date indexes. The home reads 2,000 small rows
-- instead of grouping every overdue machine, however many there are.
-- Locks: every trigger takes advisory lock 727275 shared (any number at once), the clock's move
-- takes it exclusive, so a change is counted against the day it saw and never twice or lost.
CREATE TABLE "overview_clock" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "overview_clock_one_row" CHECK ("id")
);--> statement-breakpoint
CREATE TABLE "overview_counts" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"overdue" integer DEFAULT 0 NOT NULL,
	"overdue_rows" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "overview_counts" ADD CONSTRAINT "overview_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "overview_counts_overdue_idx" ON "overview_counts" USING btree ("overdue" DESC, "customer_id") WHERE "overdue" > 0;--> statement-breakpoint
-- Adds deltas per customer in customer order (two changes at once wait for each other's rows and
-- never lock them in another order).
CREATE FUNCTION "overview_counts_add"("customers" integer[], "machines" integer[], "due_rows" integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "overview_counts" AS c ("customer_id", "overdue", "overdue_rows")
  SELECT d."customer_id", sum(d."m")::int, sum(d."r")::int FROM unnest("customers", "machines", "due_rows") AS d("customer_id", "m", "r")
  GROUP BY d."customer_id" HAVING sum(d."m") <> 0 OR sum(d."r") <> 0 ORDER BY d."customer_id"
  ON CONFLICT ("customer_id") DO UPDATE SET "overdue" = c."overdue" + excluded."overdue",
    "overdue_rows" = c."overdue_rows" + excluded."overdue_rows";
$$;--> statement-breakpoint
-- The counts rebuilt from scratch as of a day (the backfill; a repair).
CREATE FUNCTION "overview_counts_rebuild"("p_day" date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727275);
  DELETE FROM "overview_counts";
  PERFORM "overview_counts_add"(array_agg(x."customer_id"), array_agg(x."m"), array_agg(x."r")) FROM (
    SELECT "customer_id", 1 AS "m", 0 AS "r" FROM "machines"
      WHERE "archived_at" IS NULL AND NOT "due_rejected" AND "next_due_date" <= "p_day"
    UNION ALL
    SELECT "customer_id", 0, 1 FROM "machine_due" WHERE NOT "rejected" AND "due_date" <= "p_day"
  ) x;
  INSERT INTO "overview_clock" ("id", "day") VALUES (true, "p_day")
    ON CONFLICT ("id") DO UPDATE SET "day" = excluded."day";
END
$$;--> statement-breakpoint
-- Moves the clock to a day: the machines and rows whose due date lies between the old and the new
-- day become overdue (forward) or stop being so (backward).
CREATE FUNCTION "overview_clock_set"("p_day" date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE d date; lo date; hi date; sign int;
BEGIN
  PERFORM pg_advisory_xact_lock(727275);
  SELECT "day" INTO d FROM "overview_clock";
  IF d IS NULL THEN PERFORM "overview_counts_rebuild"("p_day"); RETURN; END IF;
  IF d = "p_day" THEN RETURN; END IF;
  lo := least(d, "p_day"); hi := greatest(d, "p_day"); sign := CASE WHEN "p_day" > d THEN 1 ELSE -1 END;
  PERFORM "overview_counts_add"(array_agg(x."customer_id"), array_agg(x."m"), array_agg(x."r")) FROM (
    SELECT "customer_id", sign AS "m", 0 AS "r" FROM "machines"
      WHERE "archived_at" IS NULL AND NOT "due_rejected" AND "next_due_date" > lo AND "next_due_date" <= hi
    UNION ALL
    SELECT "customer_id", 0, sign FROM "machine_due" WHERE NOT "rejected" AND "due_date" > lo AND "due_date" <= hi
  ) x;
  UPDATE "overview_clock" SET "day" = "p_day";
END
$$;--> statement-breakpoint
-- The transition tables exist per event: each branch reads only the ones of its event.
CREATE FUNCTION "overview_counts_machines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d date;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727275);
  SELECT "day" INTO d FROM "overview_clock";
  IF TG_OP = 'INSERT' THEN
    PERFORM "overview_counts_add"(array_agg(n."customer_id"), array_agg(1), array_agg(0)) FROM new_rows n
      WHERE n."archived_at" IS NULL AND NOT n."due_rejected" AND n."next_due_date" <= d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "overview_counts_add"(array_agg(o."customer_id"), array_agg(-1), array_agg(0)) FROM old_rows o
      WHERE o."archived_at" IS NULL AND NOT o."due_rejected" AND o."next_due_date" <= d;
  ELSE
    PERFORM "overview_counts_add"(array_agg(x."customer_id"), array_agg(x."m"), array_agg(0)) FROM (
      SELECT o."customer_id", -1 AS "m" FROM old_rows o
        WHERE o."archived_at" IS NULL AND NOT o."due_rejected" AND o."next_due_date" <= d
      UNION ALL
      SELECT n."customer_id", 1 FROM new_rows n
        WHERE n."archived_at" IS NULL AND NOT n."due_rejected" AND n."next_due_date" <= d
    ) x;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "overview_counts_due_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d date;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727275);
  SELECT "day" INTO d FROM "overview_clock";
  IF TG_OP = 'INSERT' THEN
    PERFORM "overview_counts_add"(array_agg(n."customer_id"), array_agg(0), array_agg(1)) FROM new_rows n
      WHERE NOT n."rejected" AND n."due_date" <= d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "overview_counts_add"(array_agg(o."customer_id"), array_agg(0), array_agg(-1)) FROM old_rows o
      WHERE NOT o."rejected" AND o."due_date" <= d;
  ELSE
    PERFORM "overview_counts_add"(array_agg(x."customer_id"), array_agg(0), array_agg(x."r")) FROM (
      SELECT o."customer_id", -1 AS "r" FROM old_rows o WHERE NOT o."rejected" AND o."due_date" <= d
      UNION ALL
      SELECT n."customer_id", 1 FROM new_rows n WHERE NOT n."rejected" AND n."due_date" <= d
    ) x;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- TRUNCATE fires no row triggers: the counts are rebuilt as of the clock's day.
CREATE FUNCTION "overview_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "overview_counts_rebuild"((SELECT "day" FROM "overview_clock"));
  RETURN NULL;
END
$$;--> statement-breakpoint
SELECT "overview_counts_rebuild"((now() AT TIME ZONE 'Europe/Amsterdam')::date);--> statement-breakpoint
CREATE TRIGGER "overview_counts_machines_inserted" AFTER INSERT ON "machines"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "overview_counts_machines"();--> statement-breakpoint
CREATE TRIGGER "overview_counts_machines_updated" AFTER UPDATE ON "machines"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "overview_counts_machines"();--> statement-breakpoint
CREATE TRIGGER "overview_counts_machines_deleted" AFTER DELETE ON "machines"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "overview_counts_machines"();--> statement-breakpoint
CREATE TRIGGER "overview_counts_due_inserted" AFTER INSERT ON "machine_due"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "overview_counts_due_rows"();--> statement-breakpoint
CREATE TRIGGER "overview_counts_due_updated" AFTER UPDATE ON "machine_due"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "overview_counts_due_rows"();--> statement-breakpoint
CREATE TRIGGER "overview_counts_due_deleted" AFTER DELETE ON "machine_due"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "overview_counts_due_rows"();--> statement-breakpoint
CREATE TRIGGER "overview_counts_machines_truncated" AFTER TRUNCATE ON "machines"
FOR EACH STATEMENT EXECUTE FUNCTION "overview_counts_truncated"();--> statement-breakpoint
CREATE TRIGGER "overview_counts_due_truncated" AFTER TRUNCATE ON "machine_due"
FOR EACH STATEMENT EXECUTE FUNCTION "overview_counts_truncated"();
