-- Issue 23, audit trail: every change to customers (and their locations, departments, rooms),
-- machines (moves, archive, approval), the question bank and questionnaires, reports (planning,
-- submit, verdict, corrections), malfunctions and users is one append-only row, written by these
-- triggers in the transaction of the change. Who: the comment /*kw-actor:<user id>*/ at the start
-- of the statement, which the app puts on every statement of a request (db/client.ts) and
-- current_query() gives here, also to the statements a trigger runs on its own; else the setting
-- keurwijzer.actor (a script: SET LOCAL); NULL is the system (mail queue, reminders, demo seed).
CREATE TABLE "audit_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "actor_id" integer,
  "entity" text NOT NULL,
  "entity_id" integer NOT NULL,
  "action" text NOT NULL,
  "changes" jsonb NOT NULL,
  "machine_id" integer,
  "report_id" integer
);
--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity","entity_id","id");
--> statement-breakpoint
CREATE INDEX "audit_events_machine_idx" ON "audit_events" USING btree ("machine_id","id") WHERE "machine_id" is not null;
--> statement-breakpoint
CREATE INDEX "audit_events_report_idx" ON "audit_events" USING btree ("report_id","id") WHERE "report_id" is not null;
--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","id");
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");
--> statement-breakpoint
-- Append-only: no update, delete or truncate, whoever asks.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
-- audit_row(entity, skipped columns, secret columns): `changes` holds {column: [before, after]}
-- of the columns that changed (all of them on create and delete), never the skipped ones (kept
-- figures, timestamps, search text) and of a secret one (password hash, two-factor secret) only
-- that it changed ("[verborgen]"). An update that changed nothing recorded writes no row.
CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  n jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  r jsonb := coalesce(n, o);
  skipped text[] := TG_ARGV[1]::text[];
  secret text[] := TG_ARGV[2]::text[];
  changes jsonb := '{}';
  k text;
  b jsonb;
  a jsonb;
  actor integer := nullif(current_setting('keurwijzer.actor', true), '')::integer;
BEGIN
  IF current_setting('keurwijzer.audit', true) = 'off' THEN
    RETURN NULL;
  END IF;
  FOR k IN SELECT jsonb_object_keys(r) LOOP
    CONTINUE WHEN k = 'id' OR k = ANY (skipped);
    b := o -> k;
    a := n -> k;
    CONTINUE WHEN TG_OP = 'UPDATE' AND b IS NOT DISTINCT FROM a;
    CONTINUE WHEN TG_OP <> 'UPDATE' AND coalesce(a, b) = 'null'::jsonb;
    IF k = ANY (secret) THEN
      b := CASE WHEN b IS NULL OR b = 'null'::jsonb THEN 'null'::jsonb ELSE '"[verborgen]"'::jsonb END;
      a := CASE WHEN a IS NULL OR a = 'null'::jsonb THEN 'null'::jsonb ELSE '"[verborgen]"'::jsonb END;
    END IF;
    changes := changes || jsonb_build_object(k, jsonb_build_array(coalesce(b, 'null'::jsonb), coalesce(a, 'null'::jsonb)));
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  IF actor IS NULL THEN
    actor := substring(current_query() from '^/\*kw-actor:([0-9]{1,9})\*/')::integer;
  END IF;
  INSERT INTO audit_events (actor_id, entity, entity_id, action, changes, machine_id, report_id)
  VALUES (
    actor,
    TG_ARGV[0],
    (r ->> 'id')::integer,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    changes,
    CASE WHEN TG_ARGV[0] = 'machine' THEN (r ->> 'id')::integer ELSE (r ->> 'machine_id')::integer END,
    CASE WHEN TG_ARGV[0] = 'report' THEN (r ->> 'id')::integer ELSE (r ->> 'report_id')::integer END
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_audit AFTER INSERT OR UPDATE OR DELETE ON "customers" FOR EACH ROW
  EXECUTE FUNCTION audit_row('customer', '{created_at,updated_at}', '{}');
--> statement-breakpoint
CREATE TRIGGER locations_audit AFTER INSERT OR UPDATE OR DELETE ON "locations" FOR EACH ROW
  EXECUTE FUNCTION audit_row('location', '{created_at,updated_at}', '{}');
--> statement-breakpoint
CREATE TRIGGER departments_audit AFTER INSERT OR UPDATE OR DELETE ON "departments" FOR EACH ROW
  EXECUTE FUNCTION audit_row('department', '{created_at,updated_at}', '{}');
--> statement-breakpoint
CREATE TRIGGER rooms_audit AFTER INSERT OR UPDATE OR DELETE ON "rooms" FOR EACH ROW
  EXECUTE FUNCTION audit_row('room', '{created_at,updated_at}', '{}');
--> statement-breakpoint
CREATE TRIGGER machines_audit AFTER INSERT OR UPDATE OR DELETE ON "machines" FOR EACH ROW
  EXECUTE FUNCTION audit_row('machine', '{created_at,updated_at,search_text,next_due_date,due_rejected}', '{}');
--> statement-breakpoint
CREATE TRIGGER questions_audit AFTER INSERT OR UPDATE OR DELETE ON "questions" FOR EACH ROW
  EXECUTE FUNCTION audit_row('question', '{created_at,updated_at}', '{}');
--> statement-breakpoint
CREATE TRIGGER questionnaires_audit AFTER INSERT OR UPDATE OR DELETE ON "questionnaires" FOR EACH ROW
  EXECUTE FUNCTION audit_row('questionnaire', '{created_at,updated_at}', '{}');
--> statement-breakpoint
CREATE TRIGGER questionnaire_categories_audit AFTER INSERT OR UPDATE OR DELETE ON "questionnaire_categories" FOR EACH ROW
  EXECUTE FUNCTION audit_row('questionnaire_category', '{created_at,updated_at}', '{}');
--> statement-breakpoint
CREATE TRIGGER questionnaire_questions_audit AFTER INSERT OR UPDATE OR DELETE ON "questionnaire_questions" FOR EACH ROW
  EXECUTE FUNCTION audit_row('questionnaire_question', '{created_at,updated_at}', '{}');
--> statement-breakpoint
-- A report: planned (created), submitted, verdict, reopened as a new version, removed. Saving an
-- answer changes only its figures (answers_count), which fire no trigger at all.
CREATE TRIGGER reports_audit_change AFTER INSERT OR DELETE ON "reports" FOR EACH ROW
  EXECUTE FUNCTION audit_row('report', '{created_at,updated_at,answers_count,questions_count,snapshot_customer_name,snapshot_location_name,snapshot_machine_name,snapshot_inventory_number,snapshot_factory_number,snapshot_manufacturer,snapshot_manufacture_year,snapshot_machine_type_name,snapshot_brand_name,snapshot_brand_type_name,snapshot_machine_location_name,snapshot_department_name,snapshot_room_name,snapshot_machine_status}', '{}');
--> statement-breakpoint
CREATE TRIGGER reports_audit_update AFTER UPDATE ON "reports" FOR EACH ROW
  WHEN ((OLD.status, OLD.verdict, OLD.derived_verdict, OLD.verdict_reason, OLD.submitted_at, OLD.filled_in_by, OLD.not_at_location, OLD.tasklist_id, OLD.machine_id, OLD.version, OLD.replaces_report_id, OLD.correction_reason, OLD.next_due_date)
    IS DISTINCT FROM (NEW.status, NEW.verdict, NEW.derived_verdict, NEW.verdict_reason, NEW.submitted_at, NEW.filled_in_by, NEW.not_at_location, NEW.tasklist_id, NEW.machine_id, NEW.version, NEW.replaces_report_id, NEW.correction_reason, NEW.next_due_date))
  EXECUTE FUNCTION audit_row('report', '{created_at,updated_at,answers_count,questions_count,snapshot_customer_name,snapshot_location_name,snapshot_machine_name,snapshot_inventory_number,snapshot_factory_number,snapshot_manufacturer,snapshot_manufacture_year,snapshot_machine_type_name,snapshot_brand_name,snapshot_brand_type_name,snapshot_machine_location_name,snapshot_department_name,snapshot_room_name,snapshot_machine_status}', '{}');
--> statement-breakpoint
CREATE TRIGGER malfunctions_audit AFTER INSERT OR UPDATE OR DELETE ON "malfunctions" FOR EACH ROW
  EXECUTE FUNCTION audit_row('malfunction', '{created_at,updated_at}', '{}');
--> statement-breakpoint
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION audit_row('user', '{created_at,updated_at,search_text,totp_last_step}', '{password_hash,totp_secret,oidc_subject}');
