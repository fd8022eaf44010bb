-- The completed reports' verdict filter: one range of the submitted reports of a
-- verdict, newest first, as the customer and type filters (migration 0012).
CREATE INDEX "reports_submitted_verdict_idx" ON "reports" USING btree ("verdict","submitted_at","id") WHERE "reports"."status" = 'submitted';
