-- Copies of the task list's customer and inspection type on each report (fixed once a list has a
-- report), so the completed reports' filters are one index range each. Added nullable, filled
-- from the task lists, then made NOT NULL (the list's `plan` writes them from now on). A type's
-- completed total is the sum of its lists' submitted_count: tasklists_type_idx makes it index-only.
ALTER TABLE "reports" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "inspection_type" text;--> statement-breakpoint
UPDATE "reports" r SET "customer_id" = t."customer_id", "inspection_type" = t."inspection_type"
FROM "tasklists" t WHERE t."id" = r."tasklist_id";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "customer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "inspection_type" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_submitted_customer_idx" ON "reports" USING btree ("customer_id","submitted_at","id") WHERE "reports"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "reports_submitted_type_idx" ON "reports" USING btree ("inspection_type","submitted_at","id") WHERE "reports"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "reports_submitted_flag_idx" ON "reports" USING btree ("submitted_at","id") WHERE "reports"."status" = 'submitted' and "reports"."not_at_location";--> statement-breakpoint
CREATE INDEX "tasklists_type_idx" ON "tasklists" USING btree ("inspection_type","submitted_count");
