-- Planning and compliance: judgements per answer option, measurements with limits,
-- the verdict of a report, intervals per machine type / customer / machine, the due state of
-- every machine per due type (kept by triggers), follow-ups ("Acties") and the reminder opt-out.
-- The derived values (an answer's judgement, a report's verdict and next due date, the machine's
-- due rows, the follow-ups of a rejected answer) are written by triggers in the statement that
-- changes their inputs, so every path that answers, submits, moves or re-types a machine keeps
-- them right without knowing.

-- Questions: a kind (choice / measurement), a judgement per answer option, a unit and limits.
ALTER TABLE "questions" ADD COLUMN "kind" text DEFAULT 'choice' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_judgements" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "unit" varchar(20);--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "min_value" numeric;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "max_value" numeric;--> statement-breakpoint
ALTER TABLE "report_questions" ADD COLUMN "kind" text DEFAULT 'choice' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_questions" ADD COLUMN "answer_judgements" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_questions" ADD COLUMN "unit" varchar(20);--> statement-breakpoint
ALTER TABLE "report_questions" ADD COLUMN "min_value" numeric;--> statement-breakpoint
ALTER TABLE "report_questions" ADD COLUMN "max_value" numeric;--> statement-breakpoint
ALTER TABLE "report_answers" ADD COLUMN "value" numeric;--> statement-breakpoint
ALTER TABLE "report_answers" ADD COLUMN "judgement" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "verdict" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "derived_verdict" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "verdict_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "next_due_date" date;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "next_due_date" date;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "due_rejected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint

-- The judgement of an answer option by its label (shared/compliance.ts defaultJudgement's twin).
CREATE FUNCTION "default_judgement"("label" text) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT CASE
    WHEN lower(trim("label")) ~ '^(goed|ja|ok|in orde|voldoet|aanwezig|werkt|correct)\.?$' THEN 'good'
    WHEN lower(trim("label")) ~ '^(n\.?v\.?t\.?|nvt|niet van toepassing)$' THEN 'na'
    WHEN lower(trim("label")) ~ '^(slecht|afkeur|afgekeurd|nee|defect|voldoet niet|onvoldoende|niet aanwezig|werkt niet)\.?$' THEN 'reject'
    ELSE 'remark' END
$$;--> statement-breakpoint
UPDATE "questions" SET "answer_judgements" = ARRAY(
  SELECT "default_judgement"(o) FROM unnest("answer_options") WITH ORDINALITY AS u(o, n) ORDER BY n);--> statement-breakpoint
UPDATE "report_questions" SET "answer_judgements" = ARRAY(
  SELECT "default_judgement"(o) FROM unnest("answer_options") WITH ORDINALITY AS u(o, n) ORDER BY n);--> statement-breakpoint
UPDATE "report_answers" a SET "judgement" = q."answer_judgements"[a."option"]
FROM "report_questions" q WHERE q."id" = a."report_question_id" AND a."option" IS NOT NULL;--> statement-breakpoint
-- Submitted reports get the verdict their answers give (the migration's judgements).
UPDATE "reports" r SET "derived_verdict" = v.verdict, "verdict" = v.verdict
FROM (
  SELECT r2."id", CASE
    WHEN bool_or(a."judgement" = 'reject') THEN 'rejected'
    WHEN bool_or(a."judgement" = 'remark') THEN 'approved_with_remarks'
    ELSE 'approved' END AS verdict
  FROM "reports" r2
  LEFT JOIN "report_answers" a ON a."report_id" = r2."id"
    AND NOT EXISTS (
      SELECT 1 FROM "report_questions" q JOIN "report_categories" c ON c."id" = q."report_category_id"
      WHERE q."id" = a."report_question_id" AND c."skipped")
  WHERE r2."status" = 'submitted'
  GROUP BY r2."id"
) v WHERE r."id" = v."id";--> statement-breakpoint

-- A question (or a report's copy of one) written without a judgement per option gets the
-- default by label for each missing one (the question form always sends them).
CREATE FUNCTION "fill_answer_judgements"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."kind" = 'choice' AND cardinality(NEW."answer_judgements") <> cardinality(NEW."answer_options") THEN
    NEW."answer_judgements" := ARRAY(
      SELECT coalesce(NEW."answer_judgements"[u.n], "default_judgement"(u.o))
      FROM unnest(NEW."answer_options") WITH ORDINALITY AS u(o, n) ORDER BY u.n);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "questions_fill_judgements" BEFORE INSERT OR UPDATE ON "questions"
FOR EACH ROW EXECUTE FUNCTION "fill_answer_judgements"();--> statement-breakpoint
CREATE TRIGGER "report_questions_fill_judgements" BEFORE INSERT ON "report_questions"
FOR EACH ROW EXECUTE FUNCTION "fill_answer_judgements"();--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_kind_check" CHECK ("kind" in ('choice', 'measurement'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_judgements_check" CHECK ("answer_judgements" <@ ARRAY['good', 'remark', 'reject', 'na']::text[] and ("kind" = 'measurement' or cardinality("answer_judgements") = cardinality("answer_options")));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_measurement_check" CHECK ("kind" = 'choice' or (("min_value" is not null or "max_value" is not null) and ("min_value" is null or "max_value" is null or "min_value" <= "max_value")));--> statement-breakpoint
ALTER TABLE "report_questions" ADD CONSTRAINT "report_questions_kind_check" CHECK ("kind" in ('choice', 'measurement'));--> statement-breakpoint
ALTER TABLE "report_answers" ADD CONSTRAINT "report_answers_judgement_check" CHECK ("judgement" in ('good', 'remark', 'reject', 'na'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_verdict_check" CHECK ("verdict" in ('approved', 'approved_with_remarks', 'rejected') and "derived_verdict" in ('approved', 'approved_with_remarks', 'rejected'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_verdict_submitted_check" CHECK ("status" <> 'submitted' or ("verdict" is not null and "derived_verdict" is not null));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_verdict_reason_check" CHECK ("verdict" is null or "verdict" = "derived_verdict" or "verdict_reason" is not null);--> statement-breakpoint

-- Intervals in months per machine type and due type, overridable per customer (per machine
-- type) and per machine.
CREATE TABLE "inspection_intervals" (
	"machine_type_id" integer NOT NULL,
	"inspection_type" text NOT NULL,
	"months" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_intervals_pk" PRIMARY KEY("machine_type_id","inspection_type"),
	CONSTRAINT "inspection_intervals_type_check" CHECK ("inspection_type" in ('inspection', 'maintenance', 'safety')),
	CONSTRAINT "inspection_intervals_months_check" CHECK ("months" between 1 and 120)
);--> statement-breakpoint
CREATE TABLE "customer_intervals" (
	"customer_id" integer NOT NULL,
	"machine_type_id" integer NOT NULL,
	"inspection_type" text NOT NULL,
	"months" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_intervals_pk" PRIMARY KEY("customer_id","machine_type_id","inspection_type"),
	CONSTRAINT "customer_intervals_type_check" CHECK ("inspection_type" in ('inspection', 'maintenance', 'safety')),
	CONSTRAINT "customer_intervals_months_check" CHECK ("months" between 1 and 120)
);--> statement-breakpoint
CREATE INDEX "customer_intervals_type_idx" ON "customer_intervals" USING btree ("machine_type_id");--> statement-breakpoint
CREATE TABLE "machine_intervals" (
	"machine_id" integer NOT NULL,
	"inspection_type" text NOT NULL,
	"months" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machine_intervals_pk" PRIMARY KEY("machine_id","inspection_type"),
	CONSTRAINT "machine_intervals_type_check" CHECK ("inspection_type" in ('inspection', 'maintenance', 'safety')),
	CONSTRAINT "machine_intervals_months_check" CHECK ("months" between 1 and 120)
);--> statement-breakpoint

-- The due state of a machine in use (not archived, not Niet actief) per due type with an
-- interval: kept by refresh_machine_due. due_date is the day it must be inspected before (the
-- last report's Dutch day + interval; never inspected: the day the machine was added, so it is
-- due at once); rejected while the last report of the type is Afgekeurd.
CREATE TABLE "machine_due" (
	"machine_id" integer NOT NULL,
	"inspection_type" text NOT NULL,
	"customer_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"interval_months" smallint NOT NULL,
	"interval_source" text NOT NULL,
	"last_report_id" integer,
	"last_date" date,
	"last_verdict" text,
	"due_date" date NOT NULL,
	"rejected" boolean DEFAULT false NOT NULL,
	CONSTRAINT "machine_due_pk" PRIMARY KEY("machine_id","inspection_type")
);--> statement-breakpoint
CREATE INDEX "machine_due_due_idx" ON "machine_due" USING btree ("due_date","machine_id") WHERE NOT "rejected";--> statement-breakpoint
CREATE INDEX "machine_due_customer_idx" ON "machine_due" USING btree ("customer_id","due_date","machine_id");--> statement-breakpoint
CREATE INDEX "machine_due_location_idx" ON "machine_due" USING btree ("location_id","inspection_type","due_date");--> statement-breakpoint
CREATE INDEX "machine_due_rejected_idx" ON "machine_due" USING btree ("customer_id","machine_id") WHERE "rejected";--> statement-breakpoint
CREATE INDEX "machines_customer_due_idx" ON "machines" USING btree ("customer_id","next_due_date","id") WHERE "archived_at" is null;--> statement-breakpoint
CREATE INDEX "machines_customer_rejected_idx" ON "machines" USING btree ("customer_id","id") WHERE "archived_at" is null and "due_rejected";--> statement-breakpoint

-- Follow-ups ("Acties"): one per Afkeur answer or out-of-limit measurement of a submitted report.
CREATE TABLE "followups" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"report_question_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"inspection_type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"done_by" integer,
	"done_at" timestamp with time zone,
	"done_note" varchar(255),
	"malfunction_id" integer,
	"tasklist_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followups_status_check" CHECK ("status" in ('open', 'done')),
	CONSTRAINT "followups_done_check" CHECK (("status" = 'done') = ("done_at" is not null))
);--> statement-breakpoint
CREATE UNIQUE INDEX "followups_question_unique" ON "followups" USING btree ("report_question_id");--> statement-breakpoint
CREATE INDEX "followups_status_idx" ON "followups" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "followups_created_idx" ON "followups" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "followups_machine_idx" ON "followups" USING btree ("machine_id","status");--> statement-breakpoint
CREATE INDEX "followups_customer_idx" ON "followups" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "followups_report_idx" ON "followups" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "followups_done_by_idx" ON "followups" USING btree ("done_by");--> statement-breakpoint
CREATE INDEX "followups_malfunction_idx" ON "followups" USING btree ("malfunction_id");--> statement-breakpoint
CREATE INDEX "followups_tasklist_idx" ON "followups" USING btree ("tasklist_id");--> statement-breakpoint

ALTER TABLE "customer_intervals" ADD CONSTRAINT "customer_intervals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_intervals" ADD CONSTRAINT "customer_intervals_machine_type_id_machine_types_id_fk" FOREIGN KEY ("machine_type_id") REFERENCES "public"."machine_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followups" ADD CONSTRAINT "followups_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followups" ADD CONSTRAINT "followups_report_question_id_report_questions_id_fk" FOREIGN KEY ("report_question_id") REFERENCES "public"."report_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followups" ADD CONSTRAINT "followups_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followups" ADD CONSTRAINT "followups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followups" ADD CONSTRAINT "followups_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followups" ADD CONSTRAINT "followups_malfunction_id_malfunctions_id_fk" FOREIGN KEY ("malfunction_id") REFERENCES "public"."malfunctions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followups" ADD CONSTRAINT "followups_tasklist_id_tasklists_id_fk" FOREIGN KEY ("tasklist_id") REFERENCES "public"."tasklists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_intervals" ADD CONSTRAINT "inspection_intervals_machine_type_id_machine_types_id_fk" FOREIGN KEY ("machine_type_id") REFERENCES "public"."machine_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_due" ADD CONSTRAINT "machine_due_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_due" ADD CONSTRAINT "machine_due_last_report_id_reports_id_fk" FOREIGN KEY ("last_report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_intervals" ADD CONSTRAINT "machine_intervals_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- The interval of a machine for a due type, and where it comes from: the machine's own, else its
-- customer's for its machine type, else its machine type's.
CREATE FUNCTION "machine_interval"("p_machine" integer, "p_customer" integer, "p_machine_type" integer, "p_type" text)
RETURNS TABLE("months" smallint, "source" text) STABLE LANGUAGE sql AS $$
  SELECT s."months", s."source" FROM (
    SELECT "months", 'machine' AS "source", 1 AS "rank" FROM "machine_intervals"
      WHERE "machine_id" = "p_machine" AND "inspection_type" = "p_type"
    UNION ALL
    SELECT "months", 'customer', 2 FROM "customer_intervals"
      WHERE "customer_id" = "p_customer" AND "machine_type_id" = "p_machine_type" AND "inspection_type" = "p_type"
    UNION ALL
    SELECT "months", 'machine_type', 3 FROM "inspection_intervals"
      WHERE "machine_type_id" = "p_machine_type" AND "inspection_type" = "p_type"
  ) s ORDER BY s."rank" LIMIT 1
$$;--> statement-breakpoint

-- Recomputes the due rows of some machines and their summary on the machine row (earliest due
-- date, any type rejected). Set-based: one call for one machine or for all machines of a type.
CREATE FUNCTION "refresh_machine_due"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint

-- An answer's judgement from its question's copy: the chosen option's, or a measurement within
-- (Goed) or outside (Afkeur) its limits, both inclusive.
CREATE FUNCTION "report_answer_judgement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE q record;
BEGIN
  SELECT "kind", "answer_judgements", "min_value", "max_value" INTO q
  FROM "report_questions" WHERE "id" = NEW."report_question_id";
  IF q."kind" = 'measurement' THEN
    NEW."judgement" := CASE WHEN NEW."value" IS NULL THEN NULL
      WHEN (q."min_value" IS NULL OR NEW."value" >= q."min_value") AND (q."max_value" IS NULL OR NEW."value" <= q."max_value")
        THEN 'good' ELSE 'reject' END;
  ELSE
    NEW."judgement" := CASE WHEN NEW."option" IS NULL THEN NULL
      ELSE coalesce(q."answer_judgements"[NEW."option"], 'remark') END;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_answer_judgement" BEFORE INSERT OR UPDATE OF "option", "value", "report_question_id" ON "report_answers"
FOR EACH ROW EXECUTE FUNCTION "report_answer_judgement"();--> statement-breakpoint

-- The verdict of a report as it is submitted: derived from the judgements of its answers (not in
-- a skipped category); the mechanic's verdict, when sent, stands only with a reason (the check
-- above); the next due date is the submitted day + the machine's interval (the earliest of the
-- types the report counts for), kept on the report as it was at sign-off.
CREATE FUNCTION "report_verdict"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT CASE
    WHEN bool_or(a."judgement" = 'reject') THEN 'rejected'
    WHEN bool_or(a."judgement" = 'remark') THEN 'approved_with_remarks'
    ELSE 'approved' END
  INTO NEW."derived_verdict"
  FROM "report_answers" a
  JOIN "report_questions" q ON q."id" = a."report_question_id"
  JOIN "report_categories" c ON c."id" = q."report_category_id"
  WHERE a."report_id" = NEW."id" AND NOT c."skipped";
  NEW."verdict" := coalesce(NEW."verdict", NEW."derived_verdict");
  IF NEW."verdict" = NEW."derived_verdict" THEN NEW."verdict_reason" := NULL; END IF;
  SELECT min(((NEW."submitted_at" AT TIME ZONE 'Europe/Amsterdam')::date + make_interval(months => iv."months"))::date)
  INTO NEW."next_due_date"
  FROM "machines" m
  CROSS JOIN unnest(CASE WHEN NEW."inspection_type" = 'inspection_maintenance'
    THEN ARRAY['inspection', 'maintenance'] ELSE ARRAY[NEW."inspection_type"] END) AS t("type")
  CROSS JOIN LATERAL "machine_interval"(m."id", m."customer_id", m."machine_type_id", t."type") iv
  WHERE m."id" = NEW."machine_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_verdict" BEFORE UPDATE OF "status" ON "reports"
FOR EACH ROW WHEN (NEW."status" = 'submitted' AND OLD."status" <> 'submitted')
EXECUTE FUNCTION "report_verdict"();--> statement-breakpoint

-- After a report is submitted: a follow-up per Afkeur answer (not in a skipped category); a
-- passing report closes the machine's open follow-ups of the types it counts for; the machine's
-- due rows follow.
CREATE FUNCTION "report_submitted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."verdict" <> 'rejected' THEN
    UPDATE "followups" f SET "status" = 'done', "done_at" = NEW."submitted_at", "done_by" = NEW."filled_in_by",
      "done_note" = 'Herkeuring ' || CASE NEW."verdict" WHEN 'approved' THEN 'goedgekeurd' ELSE 'goedgekeurd met opmerkingen' END
    WHERE f."machine_id" = NEW."machine_id" AND f."status" = 'open'
      AND (f."inspection_type" = NEW."inspection_type"
        OR (NEW."inspection_type" = 'inspection_maintenance' AND f."inspection_type" IN ('inspection', 'maintenance'))
        OR (f."inspection_type" = 'inspection_maintenance' AND NEW."inspection_type" IN ('inspection', 'maintenance')));
  END IF;
  INSERT INTO "followups" ("report_id", "report_question_id", "machine_id", "customer_id", "inspection_type", "created_at")
  SELECT NEW."id", a."report_question_id", NEW."machine_id", NEW."customer_id", NEW."inspection_type", NEW."submitted_at"
  FROM "report_answers" a
  JOIN "report_questions" q ON q."id" = a."report_question_id"
  JOIN "report_categories" c ON c."id" = q."report_category_id"
  WHERE a."report_id" = NEW."id" AND a."judgement" = 'reject' AND NOT c."skipped"
  ORDER BY c."position", q."position"
  ON CONFLICT ("report_question_id") DO NOTHING;
  PERFORM "refresh_machine_due"(ARRAY[NEW."machine_id"]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_submitted" AFTER UPDATE OF "status" ON "reports"
FOR EACH ROW WHEN (NEW."status" = 'submitted' AND OLD."status" <> 'submitted')
EXECUTE FUNCTION "report_submitted"();--> statement-breakpoint
CREATE FUNCTION "report_removed_due"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_machine_due"(ARRAY[OLD."machine_id"]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_removed_due" AFTER DELETE ON "reports"
FOR EACH ROW WHEN (OLD."status" = 'submitted')
EXECUTE FUNCTION "report_removed_due"();--> statement-breakpoint

-- A machine added, moved, re-typed, archived or put out of use: its due rows follow.
CREATE FUNCTION "machine_due_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_machine_due"(ARRAY[NEW."id"]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "machine_due_inserted" AFTER INSERT ON "machines"
FOR EACH ROW EXECUTE FUNCTION "machine_due_changed"();--> statement-breakpoint
CREATE TRIGGER "machine_due_updated" AFTER UPDATE OF "machine_type_id", "customer_id", "location_id", "archived_at", "status" ON "machines"
FOR EACH ROW EXECUTE FUNCTION "machine_due_changed"();--> statement-breakpoint

-- An interval set, changed or removed: the machines it applies to follow.
CREATE FUNCTION "machine_interval_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'machine_intervals' THEN
    PERFORM "refresh_machine_due"(ARRAY[r."machine_id"]);
  ELSIF TG_TABLE_NAME = 'customer_intervals' THEN
    PERFORM "refresh_machine_due"(ARRAY(SELECT "id" FROM "machines"
      WHERE "customer_id" = r."customer_id" AND "machine_type_id" = r."machine_type_id"));
  ELSE
    PERFORM "refresh_machine_due"(ARRAY(SELECT "id" FROM "machines" WHERE "machine_type_id" = r."machine_type_id"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "machine_intervals_changed" AFTER INSERT OR UPDATE OR DELETE ON "machine_intervals"
FOR EACH ROW EXECUTE FUNCTION "machine_interval_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_intervals_changed" AFTER INSERT OR UPDATE OR DELETE ON "customer_intervals"
FOR EACH ROW EXECUTE FUNCTION "machine_interval_changed"();--> statement-breakpoint
CREATE TRIGGER "inspection_intervals_changed" AFTER INSERT OR UPDATE OR DELETE ON "inspection_intervals"
FOR EACH ROW EXECUTE FUNCTION "machine_interval_changed"();
