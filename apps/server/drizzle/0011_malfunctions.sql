CREATE TABLE "malfunction_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"malfunction_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"reason" text,
	"internal_note" text,
	"customer_note" text,
	"by_user" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "malfunction_events_kind_check" CHECK ("malfunction_events"."kind" in ('reported', 'status', 'note'))
);
--> statement-breakpoint
CREATE TABLE "malfunction_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"malfunction_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "malfunctions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"reported_by" integer,
	"description" text NOT NULL,
	"remark" text,
	"status" text DEFAULT 'open' NOT NULL,
	"handled_by" integer,
	"internal_note" text,
	"customer_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "malfunctions_status_check" CHECK ("malfunctions"."status" in ('open', 'in_progress', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "malfunction_events" ADD CONSTRAINT "malfunction_events_malfunction_id_malfunctions_id_fk" FOREIGN KEY ("malfunction_id") REFERENCES "public"."malfunctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "malfunction_events" ADD CONSTRAINT "malfunction_events_by_user_users_id_fk" FOREIGN KEY ("by_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "malfunction_photos" ADD CONSTRAINT "malfunction_photos_malfunction_id_malfunctions_id_fk" FOREIGN KEY ("malfunction_id") REFERENCES "public"."malfunctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "malfunctions" ADD CONSTRAINT "malfunctions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "malfunctions" ADD CONSTRAINT "malfunctions_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "malfunctions" ADD CONSTRAINT "malfunctions_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "malfunctions" ADD CONSTRAINT "malfunctions_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "malfunction_events_malfunction_idx" ON "malfunction_events" USING btree ("malfunction_id","id");--> statement-breakpoint
CREATE INDEX "malfunction_events_by_user_idx" ON "malfunction_events" USING btree ("by_user");--> statement-breakpoint
CREATE INDEX "malfunction_photos_malfunction_idx" ON "malfunction_photos" USING btree ("malfunction_id","id");--> statement-breakpoint
CREATE INDEX "malfunctions_created_idx" ON "malfunctions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "malfunctions_status_created_idx" ON "malfunctions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "malfunctions_customer_created_idx" ON "malfunctions" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "malfunctions_machine_idx" ON "malfunctions" USING btree ("machine_id","status");--> statement-breakpoint
CREATE INDEX "malfunctions_reporter_idx" ON "malfunctions" USING btree ("reported_by","created_at");--> statement-breakpoint
CREATE INDEX "malfunctions_handled_by_idx" ON "malfunctions" USING btree ("handled_by");