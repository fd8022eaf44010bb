-- Issue 22: planning a malfunction needed no schema of its own (its columns and indexes are in
-- 0035); this step of the journal stays so the migrations after it keep their order.
SELECT 1;
