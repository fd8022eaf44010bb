-- A submit names its submission (a uuid the device makes when it queues "Rapport afronden"): sent
-- again after a connection that broke once the server had it, it is the same submit, answered as
-- the first time, not a 409.
ALTER TABLE "reports" ADD COLUMN "submission_id" uuid;
