DROP INDEX "machines_customer_name_idx";--> statement-breakpoint
DROP INDEX "machines_customer_inventory_idx";--> statement-breakpoint
DROP INDEX "machines_customer_year_idx";--> statement-breakpoint
DROP INDEX "machines_customer_status_idx";--> statement-breakpoint
DROP INDEX "machines_customer_created_idx";--> statement-breakpoint
CREATE INDEX "machines_customer_archived_idx" ON "machines" USING btree ("customer_id") WHERE "machines"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "machines_customer_name_idx" ON "machines" USING btree ("customer_id","name","id") WHERE "machines"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "machines_customer_inventory_idx" ON "machines" USING btree ("customer_id","inventory_number","id") WHERE "machines"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "machines_customer_year_idx" ON "machines" USING btree ("customer_id","manufacture_year","id") WHERE "machines"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "machines_customer_status_idx" ON "machines" USING btree ("customer_id","status","id") WHERE "machines"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "machines_customer_created_idx" ON "machines" USING btree ("customer_id","created_at","id") WHERE "machines"."archived_at" is null;