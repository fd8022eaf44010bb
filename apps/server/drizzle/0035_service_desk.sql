-- Issue 22: the service desk. A malfunction gets the customer's urgency ("Machine staat stil"),
-- a phone number to call back, a response deadline in working days (`respond_by`, computed by
-- the server at the report: lib/working-days.ts) and the moment the office first responded
-- (`responded_at`: the first status change or note for the customer), an assignee, the report
-- it was planned on, and a fourth status: withdrawn by the customer (Ingetrokken).
ALTER TABLE "malfunctions" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "malfunctions" ADD COLUMN "contact_phone" varchar(32);--> statement-breakpoint
ALTER TABLE "malfunctions" ADD COLUMN "respond_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "malfunctions" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "malfunctions" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "malfunctions" ADD COLUMN "report_id" integer;--> statement-breakpoint
ALTER TABLE "malfunctions" ADD CONSTRAINT "malfunctions_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "malfunctions" ADD CONSTRAINT "malfunctions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "malfunctions" DROP CONSTRAINT "malfunctions_status_check";--> statement-breakpoint
ALTER TABLE "malfunctions" ADD CONSTRAINT "malfunctions_status_check" CHECK ("malfunctions"."status" in ('open', 'in_progress', 'resolved', 'withdrawn'));--> statement-breakpoint
-- Demo and earlier malfunctions: answered within a day of the report, as the spec promised.
UPDATE "malfunctions" SET "respond_by" = "created_at" + interval '1 day';--> statement-breakpoint
CREATE INDEX "malfunctions_assigned_idx" ON "malfunctions" USING btree ("assigned_to","created_at","id");--> statement-breakpoint
CREATE INDEX "malfunctions_report_idx" ON "malfunctions" USING btree ("report_id");--> statement-breakpoint
-- The late ones (no response yet, past the deadline) for the menu's count: a small partial index.
CREATE INDEX "malfunctions_awaiting_idx" ON "malfunctions" USING btree ("respond_by") WHERE "responded_at" is null and "status" in ('open', 'in_progress');--> statement-breakpoint
-- The timeline gets the customer's comments (with photos), assignments and planning.
ALTER TABLE "malfunction_events" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "malfunction_events" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "malfunction_events" ADD COLUMN "report_id" integer;--> statement-breakpoint
ALTER TABLE "malfunction_events" ADD CONSTRAINT "malfunction_events_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "malfunction_events" ADD CONSTRAINT "malfunction_events_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "malfunction_events" DROP CONSTRAINT "malfunction_events_kind_check";--> statement-breakpoint
ALTER TABLE "malfunction_events" ADD CONSTRAINT "malfunction_events_kind_check" CHECK ("malfunction_events"."kind" in ('reported', 'status', 'note', 'comment', 'assigned', 'planned'));--> statement-breakpoint
CREATE INDEX "malfunction_events_assigned_to_idx" ON "malfunction_events" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "malfunction_events_report_idx" ON "malfunction_events" USING btree ("report_id");--> statement-breakpoint
-- A photo the customer added later belongs to its comment.
ALTER TABLE "malfunction_photos" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "malfunction_photos" ADD CONSTRAINT "malfunction_photos_event_id_malfunction_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."malfunction_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "malfunction_photos_event_idx" ON "malfunction_photos" USING btree ("event_id");--> statement-breakpoint
-- Users: a phone number (profile; prefills "Bereikbaar op"), the malfunction mails (opt-out),
-- the customer's own administrator, and what a self-registered user said of their company.
ALTER TABLE "users" ADD COLUMN "phone" varchar(32);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "malfunction_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "customer_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" varchar(255);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "given_customer_number" varchar(255);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_admin_check" CHECK (not "users"."customer_admin" or "users"."role" = 'customer');--> statement-breakpoint
-- Suggesting the customer of a waiting account by name similarity (pg_trgm).
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
-- The office list's default order (malfunctions.repository.ts PRIORITY): active urgent ones,
-- then the other active ones, then the rest, each newest first.
CREATE INDEX "malfunctions_priority_idx" ON "malfunctions" USING btree ((case when "status" in ('open', 'in_progress') then (case when "urgent" then 2 else 1 end) else 0 end),"created_at","id");
