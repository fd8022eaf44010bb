-- The office home (issue 20 part 6): machines in use and not afgekeurd by their earliest due date,
-- with the customer, so "Verlopen" (a range up to today, grouped per customer) and "Binnen 4
-- weken" (a range after today) are index-only scans without a visit to the machine rows.
CREATE INDEX "machines_due_open_idx" ON "machines" USING btree ("next_due_date","customer_id") WHERE "archived_at" is null and not "due_rejected";
