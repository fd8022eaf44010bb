-- Issue 21: reserved for machine_labels (filled in by its work).
SELECT 1;
