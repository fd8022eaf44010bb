-- Issue 22, the customer's side of a malfunction: a customer user's comments are throttled per
-- user and hour (modules/malfunctions/malfunctions-customer.repository.ts counts them under an
-- advisory lock per user, as the reports' throttle does); this partial index holds only comments.
CREATE INDEX "malfunction_events_comments_idx" ON "malfunction_events" USING btree ("by_user","at") WHERE "kind" = 'comment';
