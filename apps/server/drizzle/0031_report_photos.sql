-- Issue 21: reserved for report_photos (filled in by its work).
SELECT 1;
