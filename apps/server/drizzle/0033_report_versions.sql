-- Issue 21: reserved for report_versions (filled in by its work).
SELECT 1;
