CREATE TABLE "kept_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "tasklists_created_by_idx";--> statement-breakpoint
CREATE INDEX "tasklists_created_by_idx" ON "tasklists" USING btree ("created_by","planned_date","id");--> statement-breakpoint
CREATE INDEX "tasklists_created_by_status_idx" ON "tasklists" USING btree ("created_by","status","planned_date" DESC NULLS FIRST,"id");--> statement-breakpoint
-- Hand-written below (drizzle cannot express triggers): the number of task lists, of task lists
-- per creator ("mine") and of malfunctions per status, kept by triggers in the transaction of
-- every change, so a list's total is one primary-key read instead of a count over tens of
-- thousands of index entries.
-- Backfill first, then the triggers. Every change is one INSERT ... ON CONFLICT DO UPDATE with
-- its keys in key order (two changes at once wait for each other's row and neither is lost; no
-- two of them lock the same keys in another order).
INSERT INTO "kept_counts" ("key", "n")
SELECT 'tasklists', count(*)::int FROM "tasklists"
UNION ALL
SELECT 'tasklists:created_by:' || "created_by", count(*)::int FROM "tasklists" WHERE "created_by" IS NOT NULL GROUP BY "created_by"
UNION ALL
SELECT 'malfunctions:' || s, (SELECT count(*)::int FROM "malfunctions" WHERE "status" = s)
FROM unnest(ARRAY['in_progress', 'open', 'resolved']) s;--> statement-breakpoint
CREATE FUNCTION "kept_counts_add"("keys" text[], "deltas" int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "kept_counts" AS k ("key", "n")
  SELECT d."key", sum(d."delta")::int FROM unnest("keys", "deltas") AS d("key", "delta")
  GROUP BY d."key" HAVING sum(d."delta") <> 0 ORDER BY d."key"
  ON CONFLICT ("key") DO UPDATE SET "n" = k."n" + excluded."n";
$$;--> statement-breakpoint
CREATE FUNCTION "kept_counts_tasklists_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kept_counts_add"(array_agg(k), array_agg(1)) FROM (
    SELECT 'tasklists' AS k FROM new_rows
    UNION ALL SELECT 'tasklists:created_by:' || "created_by" FROM new_rows WHERE "created_by" IS NOT NULL
  ) x;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "kept_counts_tasklists_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kept_counts_add"(array_agg(k), array_agg(-1)) FROM (
    SELECT 'tasklists' AS k FROM old_rows
    UNION ALL SELECT 'tasklists:created_by:' || "created_by" FROM old_rows WHERE "created_by" IS NOT NULL
  ) x;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A list's creator changes only when the user is deleted (ON DELETE SET NULL).
CREATE FUNCTION "kept_counts_tasklist_creator"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kept_counts_add"(array_agg(k), array_agg(d)) FROM (
    SELECT 'tasklists:created_by:' || OLD."created_by" AS k, -1 AS d WHERE OLD."created_by" IS NOT NULL
    UNION ALL SELECT 'tasklists:created_by:' || NEW."created_by", 1 WHERE NEW."created_by" IS NOT NULL
  ) x;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "kept_counts_malfunctions_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kept_counts_add"(array_agg('malfunctions:' || "status"), array_agg(1)) FROM new_rows;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "kept_counts_malfunctions_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kept_counts_add"(array_agg('malfunctions:' || "status"), array_agg(-1)) FROM old_rows;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "kept_counts_malfunction_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kept_counts_add"(ARRAY['malfunctions:' || OLD."status", 'malfunctions:' || NEW."status"], ARRAY[-1, 1]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "kept_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "kept_counts" SET "n" = 0 WHERE "key" = TG_ARGV[0] OR "key" LIKE TG_ARGV[0] || ':%';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tasklists_kept_count_insert" AFTER INSERT ON "tasklists"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_counts_tasklists_inserted"();--> statement-breakpoint
CREATE TRIGGER "tasklists_kept_count_delete" AFTER DELETE ON "tasklists"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_counts_tasklists_deleted"();--> statement-breakpoint
CREATE TRIGGER "tasklists_kept_count_creator" AFTER UPDATE OF "created_by" ON "tasklists"
FOR EACH ROW WHEN (OLD."created_by" IS DISTINCT FROM NEW."created_by")
EXECUTE FUNCTION "kept_counts_tasklist_creator"();--> statement-breakpoint
CREATE TRIGGER "tasklists_kept_count_truncate" AFTER TRUNCATE ON "tasklists"
FOR EACH STATEMENT EXECUTE FUNCTION "kept_counts_truncated"('tasklists');--> statement-breakpoint
CREATE TRIGGER "malfunctions_kept_count_insert" AFTER INSERT ON "malfunctions"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_counts_malfunctions_inserted"();--> statement-breakpoint
CREATE TRIGGER "malfunctions_kept_count_delete" AFTER DELETE ON "malfunctions"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_counts_malfunctions_deleted"();--> statement-breakpoint
CREATE TRIGGER "malfunctions_kept_count_status" AFTER UPDATE OF "status" ON "malfunctions"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
EXECUTE FUNCTION "kept_counts_malfunction_status"();--> statement-breakpoint
CREATE TRIGGER "malfunctions_kept_count_truncate" AFTER TRUNCATE ON "malfunctions"
FOR EACH STATEMENT EXECUTE FUNCTION "kept_counts_truncated"('malfunctions');
