-- A submitted report is a record: it shows the machine as it was when it was inspected. The
-- report row keeps a copy of what its header shows (the list's customer and location, the
-- machine's data, brand, type and place), written when it is submitted and read by every view of
-- a submitted report; an open report reads the live data. A BEFORE trigger writes the copy in
-- the submit's own statement (every path that submits: the API, the seed, tests writing rows);
-- existing submitted reports are filled from the current data.
ALTER TABLE "reports" ADD COLUMN "snapshot_customer_name" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot_location_name" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot_machine_name" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot_inventory_number" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot_factory_number" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot_manufacturer" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot_manufacture_year" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot_machine_type_name" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot_brand_name" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot_brand_type_name" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot_machine_location_name" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot_department_name" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot_room_name" varchar(255);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot_machine_status" text;--> statement-breakpoint
UPDATE "reports" r SET
  "snapshot_customer_name" = s.customer_name, "snapshot_location_name" = s.location_name,
  "snapshot_machine_name" = s.machine_name, "snapshot_inventory_number" = s.inventory_number,
  "snapshot_factory_number" = s.factory_number, "snapshot_manufacturer" = s.manufacturer,
  "snapshot_manufacture_year" = s.manufacture_year, "snapshot_machine_type_name" = s.machine_type_name,
  "snapshot_brand_name" = s.brand_name, "snapshot_brand_type_name" = s.brand_type_name,
  "snapshot_machine_location_name" = s.machine_location_name, "snapshot_department_name" = s.department_name,
  "snapshot_room_name" = s.room_name, "snapshot_machine_status" = s.machine_status
FROM (
  SELECT sr."id", c."name" AS customer_name, l."name" AS location_name, m."name" AS machine_name,
    m."inventory_number", m."factory_number", m."manufacturer", m."manufacture_year",
    mt."name" AS machine_type_name, b."name" AS brand_name, bt."name" AS brand_type_name,
    ml."name" AS machine_location_name, d."name" AS department_name, rm."name" AS room_name,
    m."status" AS machine_status
  FROM "reports" sr
  JOIN "tasklists" t ON t."id" = sr."tasklist_id"
  JOIN "customers" c ON c."id" = t."customer_id"
  JOIN "locations" l ON l."id" = t."location_id"
  JOIN "machines" m ON m."id" = sr."machine_id"
  JOIN "locations" ml ON ml."id" = m."location_id"
  LEFT JOIN "departments" d ON d."id" = m."department_id"
  LEFT JOIN "rooms" rm ON rm."id" = m."room_id"
  LEFT JOIN "machine_types" mt ON mt."id" = m."machine_type_id"
  LEFT JOIN "brands" b ON b."id" = m."brand_id"
  LEFT JOIN "brand_types" bt ON bt."id" = m."brand_type_id"
  WHERE sr."status" = 'submitted'
) s
WHERE r."id" = s."id";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_snapshot_check" CHECK ("reports"."status" <> 'submitted' or ("reports"."snapshot_customer_name" is not null and "reports"."snapshot_location_name" is not null and "reports"."snapshot_machine_name" is not null and "reports"."snapshot_inventory_number" is not null and "reports"."snapshot_machine_location_name" is not null and "reports"."snapshot_machine_status" is not null));--> statement-breakpoint
CREATE FUNCTION "report_snapshot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c."name", l."name", m."name", m."inventory_number", m."factory_number", m."manufacturer",
    m."manufacture_year", mt."name", b."name", bt."name", ml."name", d."name", rm."name", m."status"
  INTO NEW."snapshot_customer_name", NEW."snapshot_location_name", NEW."snapshot_machine_name",
    NEW."snapshot_inventory_number", NEW."snapshot_factory_number", NEW."snapshot_manufacturer",
    NEW."snapshot_manufacture_year", NEW."snapshot_machine_type_name", NEW."snapshot_brand_name",
    NEW."snapshot_brand_type_name", NEW."snapshot_machine_location_name", NEW."snapshot_department_name",
    NEW."snapshot_room_name", NEW."snapshot_machine_status"
  FROM "tasklists" t
  JOIN "customers" c ON c."id" = t."customer_id"
  JOIN "locations" l ON l."id" = t."location_id"
  CROSS JOIN "machines" m
  JOIN "locations" ml ON ml."id" = m."location_id"
  LEFT JOIN "departments" d ON d."id" = m."department_id"
  LEFT JOIN "rooms" rm ON rm."id" = m."room_id"
  LEFT JOIN "machine_types" mt ON mt."id" = m."machine_type_id"
  LEFT JOIN "brands" b ON b."id" = m."brand_id"
  LEFT JOIN "brand_types" bt ON bt."id" = m."brand_type_id"
  WHERE t."id" = NEW."tasklist_id" AND m."id" = NEW."machine_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reports_snapshot_insert" BEFORE INSERT ON "reports"
FOR EACH ROW WHEN (NEW."status" = 'submitted') EXECUTE FUNCTION "report_snapshot"();--> statement-breakpoint
CREATE TRIGGER "reports_snapshot_submit" BEFORE UPDATE OF "status" ON "reports"
FOR EACH ROW WHEN (OLD."status" <> 'submitted' AND NEW."status" = 'submitted') EXECUTE FUNCTION "report_snapshot"();
