-- Report versions: the office corrects a submitted report by reopening it as a new
-- version (an open report on the same task list and machine, a copy of the old version's
-- questionnaire copy, answers and skips) with a reason. The old version stays as it was (a record)
-- and is "replaced" once a newer version of it is submitted: from then on it no longer counts as
-- "the report" (completed reports, the machine's reports, due dates, follow-ups, the list's figures).
ALTER TABLE "reports" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "replaces_report_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "correction_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_replaces_report_id_reports_id_fk" FOREIGN KEY ("replaces_report_id") REFERENCES "public"."reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One newer version per version: of two corrections at once one wins (the other gets a 409).
CREATE UNIQUE INDEX "reports_replaces_unique" ON "reports" USING btree ("replaces_report_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_version_check" CHECK (("replaces_report_id" is null) = ("version" = 1) and ("replaces_report_id" is null or "correction_reason" is not null));--> statement-breakpoint
-- A machine is on a list once per version (planning still inserts version 1 once per machine).
DROP INDEX "reports_tasklist_machine_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "reports_tasklist_machine_version_unique" ON "reports" USING btree ("tasklist_id","machine_id","version");--> statement-breakpoint

-- A new version submitted: the version it replaces is replaced from now on. It leaves its list's
-- figures (a correction counts as one more planned report while it is open, so the list is In
-- uitvoering until it is submitted; from then on the old version is neither planned, submitted,
-- answered nor counted by its questions), and its open follow-ups are closed (the new version's
-- own Afkeur answers make their own). Runs before "report_submitted" (AFTER triggers run by name),
-- which then closes or opens follow-ups and refreshes the due dates as for any report.
CREATE FUNCTION "report_replaced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tasklists" t SET
    "planned_count" = t."planned_count" - 1,
    "submitted_count" = t."submitted_count" - (o."status" = 'submitted')::int,
    "answered_reports" = t."answered_reports" - (o."answers_count" > 0)::int,
    "questions_count" = t."questions_count" - o."questions_count"
  FROM "reports" o
  WHERE o."id" = NEW."replaces_report_id" AND t."id" = o."tasklist_id";
  UPDATE "followups" f SET "status" = 'done', "done_at" = NEW."submitted_at", "done_by" = NEW."filled_in_by",
    "done_note" = 'Vervangen door versie ' || NEW."version"
  WHERE f."report_id" = NEW."replaces_report_id" AND f."status" = 'open';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_replaced" AFTER UPDATE OF "status" ON "reports"
FOR EACH ROW WHEN (NEW."status" = 'submitted' AND OLD."status" <> 'submitted' AND NEW."replaces_report_id" IS NOT NULL)
EXECUTE FUNCTION "report_replaced"();--> statement-breakpoint

-- The due rows (migration 0022) from the last submitted report that is not replaced by a
-- submitted newer version: a replaced version never sets a due date once its correction is in.
CREATE OR REPLACE FUNCTION "refresh_machine_due"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "machine_due" WHERE "machine_id" = ANY("ids");
  INSERT INTO "machine_due" ("machine_id", "inspection_type", "customer_id", "location_id", "interval_months",
    "interval_source", "last_report_id", "last_date", "last_verdict", "due_date", "rejected")
  SELECT m."id", t."type", m."customer_id", m."location_id", iv."months", iv."source", last."id", last."day",
    last."verdict",
    CASE WHEN last."id" IS NULL THEN (m."created_at" AT TIME ZONE 'Europe/Amsterdam')::date
      ELSE (last."day" + make_interval(months => iv."months"))::date END,
    coalesce(last."verdict" = 'rejected', false)
  FROM "machines" m
  CROSS JOIN (VALUES ('inspection'), ('maintenance'), ('safety')) AS t("type")
  CROSS JOIN LATERAL "machine_interval"(m."id", m."customer_id", m."machine_type_id", t."type") iv
  LEFT JOIN LATERAL (
    SELECT r."id", (r."submitted_at" AT TIME ZONE 'Europe/Amsterdam')::date AS "day", r."verdict"
    FROM "reports" r
    WHERE r."machine_id" = m."id" AND r."status" = 'submitted'
      AND (r."inspection_type" = t."type"
        OR (r."inspection_type" = 'inspection_maintenance' AND t."type" IN ('inspection', 'maintenance')))
      AND NOT EXISTS (SELECT 1 FROM "reports" nv WHERE nv."replaces_report_id" = r."id" AND nv."status" = 'submitted')
    ORDER BY r."submitted_at" DESC, r."id" DESC LIMIT 1
  ) last ON true
  WHERE m."id" = ANY("ids") AND m."archived_at" IS NULL AND m."status" <> 'inactive';
  UPDATE "machines" m SET "next_due_date" = d."due", "due_rejected" = d."rejected"
  FROM (
    SELECT x."id", min(md."due_date") AS "due", coalesce(bool_or(md."rejected"), false) AS "rejected"
    FROM unnest("ids") AS x("id") LEFT JOIN "machine_due" md ON md."machine_id" = x."id"
    GROUP BY x."id"
  ) d
  WHERE m."id" = d."id"
    AND (m."next_due_date" IS DISTINCT FROM d."due" OR m."due_rejected" IS DISTINCT FROM d."rejected");
END
$$;
