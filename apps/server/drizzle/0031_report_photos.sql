-- Issue 21: the photos of a report's answers. The id is the uuid the device gave the photo, so a
-- replayed upload finds its row; at most 4 per question (checked by the service under the
-- report's row lock, which every upload takes).
CREATE TABLE "report_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"report_question_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_photos" ADD CONSTRAINT "report_photos_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_photos" ADD CONSTRAINT "report_photos_report_question_id_report_questions_id_fk" FOREIGN KEY ("report_question_id") REFERENCES "public"."report_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_photos" ADD CONSTRAINT "report_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_photos_question_idx" ON "report_photos" USING btree ("report_question_id","created_at");--> statement-breakpoint
CREATE INDEX "report_photos_report_idx" ON "report_photos" USING btree ("report_id");
