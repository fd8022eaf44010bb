CREATE TABLE "machine_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL,
	"from_place" text NOT NULL,
	"to_place" text NOT NULL,
	"moved_by" integer,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_questionnaires" (
	"machine_id" integer NOT NULL,
	"inspection_type" text NOT NULL,
	"questionnaire_id" integer NOT NULL,
	CONSTRAINT "machine_questionnaires_machine_id_inspection_type_pk" PRIMARY KEY("machine_id","inspection_type")
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"department_id" integer,
	"room_id" integer,
	"name" varchar(255) NOT NULL,
	"inventory_number" varchar(255) NOT NULL,
	"factory_number" varchar(255),
	"manufacturer" varchar(255),
	"manufacture_year" integer,
	"machine_type_id" integer,
	"brand_id" integer,
	"brand_type_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"price_cents" integer,
	"report_year" integer,
	"created_by" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machines_status_check" CHECK ("machines"."status" in ('active', 'concept', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "machine_moves" ADD CONSTRAINT "machine_moves_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_moves" ADD CONSTRAINT "machine_moves_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_questionnaires" ADD CONSTRAINT "machine_questionnaires_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_questionnaires" ADD CONSTRAINT "machine_questionnaires_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_machine_type_id_machine_types_id_fk" FOREIGN KEY ("machine_type_id") REFERENCES "public"."machine_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_brand_type_id_brand_types_id_fk" FOREIGN KEY ("brand_type_id") REFERENCES "public"."brand_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "machine_moves_machine_idx" ON "machine_moves" USING btree ("machine_id","moved_at");--> statement-breakpoint
CREATE INDEX "machine_questionnaires_q_idx" ON "machine_questionnaires" USING btree ("questionnaire_id");--> statement-breakpoint
CREATE UNIQUE INDEX "machines_inventory_unique" ON "machines" USING btree ("customer_id",lower("inventory_number"));--> statement-breakpoint
CREATE INDEX "machines_customer_name_idx" ON "machines" USING btree ("customer_id","name","id");--> statement-breakpoint
CREATE INDEX "machines_location_idx" ON "machines" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "machines_department_idx" ON "machines" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "machines_room_idx" ON "machines" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "machines_concept_idx" ON "machines" USING btree ("status") WHERE "machines"."status" = 'concept';