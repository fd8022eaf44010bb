CREATE TABLE "report_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"report_question_id" integer NOT NULL,
	"option" smallint,
	"memo" varchar(255),
	"answered_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_answers_option_check" CHECK ("report_answers"."option" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "report_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"position" integer NOT NULL,
	"skipped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"report_category_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"answer_options" text[] NOT NULL,
	"memo_title" varchar(255),
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"tasklist_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"questionnaire_id" integer,
	"questionnaire_name" varchar(255) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"filled_in_by" integer,
	"submitted_at" timestamp with time zone,
	"not_at_location" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'submitted')),
	CONSTRAINT "reports_submitted_check" CHECK (("reports"."status" = 'submitted') = ("reports"."submitted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "tasklists" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"inspection_type" text NOT NULL,
	"planned_date" date NOT NULL,
	"remarks" varchar(255),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasklists_type_check" CHECK ("tasklists"."inspection_type" in ('inspection', 'maintenance', 'safety', 'inspection_maintenance'))
);
--> statement-breakpoint
ALTER TABLE "report_answers" ADD CONSTRAINT "report_answers_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_answers" ADD CONSTRAINT "report_answers_report_question_id_report_questions_id_fk" FOREIGN KEY ("report_question_id") REFERENCES "public"."report_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_categories" ADD CONSTRAINT "report_categories_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_questions" ADD CONSTRAINT "report_questions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_questions" ADD CONSTRAINT "report_questions_report_category_id_report_categories_id_fk" FOREIGN KEY ("report_category_id") REFERENCES "public"."report_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_tasklist_id_tasklists_id_fk" FOREIGN KEY ("tasklist_id") REFERENCES "public"."tasklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_filled_in_by_users_id_fk" FOREIGN KEY ("filled_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasklists" ADD CONSTRAINT "tasklists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasklists" ADD CONSTRAINT "tasklists_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasklists" ADD CONSTRAINT "tasklists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_answers_question_unique" ON "report_answers" USING btree ("report_question_id");--> statement-breakpoint
CREATE INDEX "report_answers_report_idx" ON "report_answers" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "report_categories_report_idx" ON "report_categories" USING btree ("report_id","position");--> statement-breakpoint
CREATE INDEX "report_questions_report_idx" ON "report_questions" USING btree ("report_id","report_category_id","position");--> statement-breakpoint
CREATE INDEX "report_questions_category_idx" ON "report_questions" USING btree ("report_category_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_tasklist_machine_unique" ON "reports" USING btree ("tasklist_id","machine_id");--> statement-breakpoint
CREATE INDEX "reports_tasklist_status_idx" ON "reports" USING btree ("tasklist_id","status");--> statement-breakpoint
CREATE INDEX "reports_machine_idx" ON "reports" USING btree ("machine_id","submitted_at");--> statement-breakpoint
CREATE INDEX "reports_submitted_idx" ON "reports" USING btree ("submitted_at","id") WHERE "reports"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "reports_questionnaire_idx" ON "reports" USING btree ("questionnaire_id");--> statement-breakpoint
CREATE INDEX "reports_filled_in_by_idx" ON "reports" USING btree ("filled_in_by");--> statement-breakpoint
CREATE INDEX "tasklists_planned_idx" ON "tasklists" USING btree ("planned_date","id");--> statement-breakpoint
CREATE INDEX "tasklists_customer_idx" ON "tasklists" USING btree ("customer_id","planned_date");--> statement-breakpoint
CREATE INDEX "tasklists_location_idx" ON "tasklists" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "tasklists_created_by_idx" ON "tasklists" USING btree ("created_by","planned_date");