DROP INDEX "reports_tasklist_status_idx";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "answers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "questions_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasklists" ADD COLUMN "planned_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasklists" ADD COLUMN "submitted_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasklists" ADD COLUMN "answered_reports" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasklists" ADD COLUMN "questions_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
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
UPDATE "reports" r SET "questions_count" = q.n
FROM (SELECT "report_id", count(*)::int AS n FROM "report_questions" GROUP BY "report_id") q
WHERE r."id" = q."report_id";--> statement-breakpoint
UPDATE "tasklists" t SET "planned_count" = f.planned, "submitted_count" = f.submitted, "answered_reports" = f.answered,
  "questions_count" = f.questions
FROM (
  SELECT "tasklist_id", count(*)::int AS planned,
    (count(*) FILTER (WHERE "status" = 'submitted'))::int AS submitted,
    (count(*) FILTER (WHERE "answers_count" > 0))::int AS answered,
    sum("questions_count")::int AS questions
  FROM "reports" GROUP BY "tasklist_id"
) f
WHERE t."id" = f."tasklist_id";--> statement-breakpoint
-- Reports planned or taken off, their copies' questions counted (one statement may plan many: one update per list and statement),
-- and a report submitted (or opened again) or getting its first answer or losing its last: the
-- list's figures move, as row-level increments (two changes of one list at once wait for each
-- other's row lock and neither is lost). The list's status follows (a generated column).
CREATE FUNCTION "tasklist_figures_reports_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tasklists" t SET
    "planned_count" = t."planned_count" + n.planned,
    "submitted_count" = t."submitted_count" + n.submitted,
    "answered_reports" = t."answered_reports" + n.answered,
    "questions_count" = t."questions_count" + n.questions
  FROM (
    SELECT "tasklist_id", count(*)::int AS planned,
      (count(*) FILTER (WHERE "status" = 'submitted'))::int AS submitted,
      (count(*) FILTER (WHERE "answers_count" > 0))::int AS answered,
      sum("questions_count")::int AS questions
    FROM new_reports GROUP BY "tasklist_id"
  ) n
  WHERE t."id" = n."tasklist_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "tasklist_figures_reports_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tasklists" t SET
    "planned_count" = t."planned_count" - o.planned,
    "submitted_count" = t."submitted_count" - o.submitted,
    "answered_reports" = t."answered_reports" - o.answered,
    "questions_count" = t."questions_count" - o.questions
  FROM (
    SELECT "tasklist_id", count(*)::int AS planned,
      (count(*) FILTER (WHERE "status" = 'submitted'))::int AS submitted,
      (count(*) FILTER (WHERE "answers_count" > 0))::int AS answered,
      sum("questions_count")::int AS questions
    FROM old_reports GROUP BY "tasklist_id"
  ) o
  WHERE t."id" = o."tasklist_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "tasklist_figures_report_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."tasklist_id" = NEW."tasklist_id" THEN
    UPDATE "tasklists" SET
      "submitted_count" = "submitted_count" + (NEW."status" = 'submitted')::int - (OLD."status" = 'submitted')::int,
      "answered_reports" = "answered_reports" + (NEW."answers_count" > 0)::int - (OLD."answers_count" > 0)::int,
      "questions_count" = "questions_count" + NEW."questions_count" - OLD."questions_count"
    WHERE "id" = NEW."tasklist_id";
  ELSE
    UPDATE "tasklists" SET
      "planned_count" = "planned_count" - 1,
      "submitted_count" = "submitted_count" - (OLD."status" = 'submitted')::int,
      "answered_reports" = "answered_reports" - (OLD."answers_count" > 0)::int,
      "questions_count" = "questions_count" - OLD."questions_count"
    WHERE "id" = OLD."tasklist_id";
    UPDATE "tasklists" SET
      "planned_count" = "planned_count" + 1,
      "submitted_count" = "submitted_count" + (NEW."status" = 'submitted')::int,
      "answered_reports" = "answered_reports" + (NEW."answers_count" > 0)::int,
      "questions_count" = "questions_count" + NEW."questions_count"
    WHERE "id" = NEW."tasklist_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reports_figures_insert" AFTER INSERT ON "reports"
REFERENCING NEW TABLE AS new_reports
FOR EACH STATEMENT EXECUTE FUNCTION "tasklist_figures_reports_inserted"();--> statement-breakpoint
CREATE TRIGGER "reports_figures_delete" AFTER DELETE ON "reports"
REFERENCING OLD TABLE AS old_reports
FOR EACH STATEMENT EXECUTE FUNCTION "tasklist_figures_reports_deleted"();--> statement-breakpoint
CREATE TRIGGER "reports_figures_update" AFTER UPDATE OF "tasklist_id", "status", "answers_count", "questions_count" ON "reports"
FOR EACH ROW WHEN (
  OLD."tasklist_id" IS DISTINCT FROM NEW."tasklist_id"
  OR OLD."status" IS DISTINCT FROM NEW."status"
  OR (OLD."answers_count" > 0) IS DISTINCT FROM (NEW."answers_count" > 0)
  OR OLD."questions_count" IS DISTINCT FROM NEW."questions_count"
) EXECUTE FUNCTION "tasklist_figures_report_updated"();--> statement-breakpoint
-- Answers added or removed: their reports' answers_count, one update per report and statement
-- (the report's row lock makes two answers of one report at once wait in turn, so its first
-- answer is counted once). Lock order: these triggers lock the report's row and then the task
-- list's; a path that changes figures locks the task list first itself (answers, submits,
-- take-offs and deletes do: list, then report), so the two never wait for each other in a circle.
CREATE FUNCTION "report_answers_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "reports" r SET "answers_count" = r."answers_count" + n.answers
  FROM (SELECT "report_id", count(*)::int AS answers FROM new_answers GROUP BY "report_id") n
  WHERE r."id" = n."report_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_answers_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "reports" r SET "answers_count" = r."answers_count" - o.answers
  FROM (SELECT "report_id", count(*)::int AS answers FROM old_answers GROUP BY "report_id") o
  WHERE r."id" = o."report_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_answers_insert" AFTER INSERT ON "report_answers"
REFERENCING NEW TABLE AS new_answers
FOR EACH STATEMENT EXECUTE FUNCTION "report_answers_inserted"();--> statement-breakpoint
CREATE TRIGGER "report_answers_delete" AFTER DELETE ON "report_answers"
REFERENCING OLD TABLE AS old_answers
FOR EACH STATEMENT EXECUTE FUNCTION "report_answers_deleted"();--> statement-breakpoint
-- A report's copy: its questions counted on the report (the plan's one statement inserts them
-- after the reports; the report's update above carries the count to its list).
CREATE FUNCTION "report_questions_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "reports" r SET "questions_count" = r."questions_count" + n.questions
  FROM (SELECT "report_id", count(*)::int AS questions FROM new_questions GROUP BY "report_id") n
  WHERE r."id" = n."report_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_questions_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "reports" r SET "questions_count" = r."questions_count" - o.questions
  FROM (SELECT "report_id", count(*)::int AS questions FROM old_questions GROUP BY "report_id") o
  WHERE r."id" = o."report_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_questions_insert" AFTER INSERT ON "report_questions"
REFERENCING NEW TABLE AS new_questions
FOR EACH STATEMENT EXECUTE FUNCTION "report_questions_inserted"();--> statement-breakpoint
CREATE TRIGGER "report_questions_delete" AFTER DELETE ON "report_questions"
REFERENCING OLD TABLE AS old_questions
FOR EACH STATEMENT EXECUTE FUNCTION "report_questions_deleted"();
