CREATE TABLE "brand_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"answer_options" text[] NOT NULL,
	"memo_title" varchar(255),
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"questionnaire_category_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"inspection_type" text NOT NULL,
	"status" text DEFAULT 'concept' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaires_type_check" CHECK ("questionnaires"."inspection_type" in ('inspection', 'maintenance', 'safety', 'inspection_maintenance')),
	CONSTRAINT "questionnaires_status_check" CHECK ("questionnaires"."status" in ('active', 'concept'))
);
--> statement-breakpoint
ALTER TABLE "brand_types" ADD CONSTRAINT "brand_types_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_categories" ADD CONSTRAINT "questionnaire_categories_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_categories" ADD CONSTRAINT "questionnaire_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_questions" ADD CONSTRAINT "questionnaire_questions_questionnaire_category_id_questionnaire_categories_id_fk" FOREIGN KEY ("questionnaire_category_id") REFERENCES "public"."questionnaire_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_questions" ADD CONSTRAINT "questionnaire_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_types_name_unique" ON "brand_types" USING btree ("brand_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_unique" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_unique" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "machine_types_name_unique" ON "machine_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "questions_name_unique" ON "questions" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "questions_order_idx" ON "questions" USING btree ("order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_categories_unique" ON "questionnaire_categories" USING btree ("questionnaire_id","category_id");--> statement-breakpoint
CREATE INDEX "questionnaire_categories_order_idx" ON "questionnaire_categories" USING btree ("questionnaire_id","position");--> statement-breakpoint
CREATE INDEX "questionnaire_categories_category_idx" ON "questionnaire_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_questions_unique" ON "questionnaire_questions" USING btree ("questionnaire_category_id","question_id");--> statement-breakpoint
CREATE INDEX "questionnaire_questions_order_idx" ON "questionnaire_questions" USING btree ("questionnaire_category_id","position");--> statement-breakpoint
CREATE INDEX "questionnaire_questions_question_idx" ON "questionnaire_questions" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaires_name_unique" ON "questionnaires" USING btree (lower("name"));