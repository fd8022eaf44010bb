ALTER TABLE "machines" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || inventory_number || coalesce(' ' || factory_number, ''))) STORED;--> statement-breakpoint
CREATE INDEX "machines_customer_inventory_idx" ON "machines" USING btree ("customer_id","inventory_number","id");--> statement-breakpoint
CREATE INDEX "machines_customer_year_idx" ON "machines" USING btree ("customer_id","manufacture_year","id");--> statement-breakpoint
CREATE INDEX "machines_customer_status_idx" ON "machines" USING btree ("customer_id","status","id");--> statement-breakpoint
CREATE INDEX "machines_customer_created_idx" ON "machines" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "machines_customer_active_idx" ON "machines" USING btree ("customer_id") WHERE "machines"."archived_at" is null;