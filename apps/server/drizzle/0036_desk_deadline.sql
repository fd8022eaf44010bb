-- Issue 22, the response deadline: the office list sorted by "Reactie vóór" (sortKey respond_by,
-- malfunctions.repository.ts SORT) reads a page from this index as the newest-first list does.
-- The deadlines themselves are computed by the server at the report (lib/working-days.ts: working
-- days without weekends and Dutch public holidays, the cut-off MALFUNCTION_CUTOFF).
CREATE INDEX "malfunctions_respond_by_idx" ON "malfunctions" USING btree ("respond_by","id");
