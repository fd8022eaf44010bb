-- Issue 21: the signatures given at "Rapport afronden" (the mechanic's, and optionally the
-- customer contact's): one per report and role, stored as a PNG (flattened on white by the image
-- intake) with who signed and when. A submitted report's signatures never change: the trigger
-- refuses a new or changed signature of a submitted report, whatever path writes it.
CREATE TABLE "report_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"role" text NOT NULL,
	"signer_name" varchar(100) NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"file_key" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_signatures_role_check" CHECK ("report_signatures"."role" in ('mechanic', 'customer'))
);
--> statement-breakpoint
ALTER TABLE "report_signatures" ADD CONSTRAINT "report_signatures_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_signatures" ADD CONSTRAINT "report_signatures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_signatures_report_role_unique" ON "report_signatures" USING btree ("report_id","role");--> statement-breakpoint
CREATE INDEX "report_signatures_created_by_idx" ON "report_signatures" USING btree ("created_by");--> statement-breakpoint
CREATE FUNCTION report_signature_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM reports r WHERE r.id = NEW.report_id AND r.status = 'submitted') THEN
    RAISE EXCEPTION 'report % is submitted: its signatures do not change', NEW.report_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_signature_open BEFORE INSERT OR UPDATE ON report_signatures
  FOR EACH ROW EXECUTE FUNCTION report_signature_open();
