DROP INDEX "reports_tasklist_status_idx";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "answers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasklists" ADD COLUMN "planned_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasklists" ADD COLUMN "submitted_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasklists" ADD COLUMN "answered_reports" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasklists" ADD COLUMN "status" text GENERATED ALWAYS AS (case
  when planned_count = 0 then 'concept'
  when submitted_count = planned_count then 'completed'
  when submitted_count > 0 or answered_reports > 0 then 'in_progress'
  else 'planned' end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tasklists_status_idx" ON "tasklists" USING btree ("status","planned_date","id");--> statement-breakpoint
CREATE INDEX "tasklists_status_order_idx" ON "tasklists" USING btree ((case "status" when 'concept' then 1 when 'planned' then 2 when 'in_progress' then 3 else 4 end),"id");--> statement-breakpoint
-- Hand-written below (drizzle cannot express triggers): the figures of each task list kept on its
-- row. Backfill first, then the triggers, so every later change keeps them.
UPDATE "reports" r SET "answers_count" = a.n
FROM (SELECT "report_id", count(*)::int AS n FROM "report_answers" GROUP BY "report_id") a
WHERE r."id" = a."report_id";--> statement-breakpoint
UPDATE "tasklists" t SET "planned_count" = f.planned, "submitted_count" = f.submitted, "answered_reports" = f.answered
FROM (
  SELECT "tasklist_id", count(*)::int AS planned,
    (count(*) FILTER (WHERE "status" = 'submitted'))::int AS submitted,
    (count(*) FILTER (WHERE "answers_count" > 0))::int AS answered
  FROM "reports" GROUP BY "tasklist_id"
) f
WHERE t."id" = f."tasklist_id";--> statement-breakpoint
-- A report planned, taken off, submitted (or opened again), or getting its first answer or losing
-- its last: the list's figures move by one, as row-level increments (two changes of one list at
-- once wait for each other's row lock and neither is lost). The list's status follows (generated).
CREATE FUNCTION "tasklist_figures_of_report"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."tasklist_id" = NEW."tasklist_id" THEN
    UPDATE "tasklists" SET
      "submitted_count" = "submitted_count" + (NEW."status" = 'submitted')::int - (OLD."status" = 'submitted')::int,
      "answered_reports" = "answered_reports" + (NEW."answers_count" > 0)::int - (OLD."answers_count" > 0)::int
    WHERE "id" = NEW."tasklist_id";
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "tasklists" SET
      "planned_count" = "planned_count" - 1,
      "submitted_count" = "submitted_count" - (OLD."status" = 'submitted')::int,
      "answered_reports" = "answered_reports" - (OLD."answers_count" > 0)::int
    WHERE "id" = OLD."tasklist_id";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE "tasklists" SET
      "planned_count" = "planned_count" + 1,
      "submitted_count" = "submitted_count" + (NEW."status" = 'submitted')::int,
      "answered_reports" = "answered_reports" + (NEW."answers_count" > 0)::int
    WHERE "id" = NEW."tasklist_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reports_figures_insert_delete" AFTER INSERT OR DELETE ON "reports"
FOR EACH ROW EXECUTE FUNCTION "tasklist_figures_of_report"();--> statement-breakpoint
CREATE TRIGGER "reports_figures_update" AFTER UPDATE OF "tasklist_id", "status", "answers_count" ON "reports"
FOR EACH ROW WHEN (
  OLD."tasklist_id" IS DISTINCT FROM NEW."tasklist_id"
  OR OLD."status" IS DISTINCT FROM NEW."status"
  OR (OLD."answers_count" > 0) IS DISTINCT FROM (NEW."answers_count" > 0)
) EXECUTE FUNCTION "tasklist_figures_of_report"();--> statement-breakpoint
-- An answer added or removed: its report's answers_count (the report's row lock makes two answers
-- of one report at once wait in turn, so the first answer is seen once). Lock order: a change of
-- the figures locks the report's row, then the task list's; whoever locks both takes them in that
-- order too (taking a machine off, deleting a list), so they wait in turn instead of deadlocking.
CREATE FUNCTION "report_answers_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "reports" SET "answers_count" = "answers_count" + 1 WHERE "id" = NEW."report_id";
  ELSE
    UPDATE "reports" SET "answers_count" = "answers_count" - 1 WHERE "id" = OLD."report_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_answers_count" AFTER INSERT OR DELETE ON "report_answers"
FOR EACH ROW EXECUTE FUNCTION "report_answers_count"();
