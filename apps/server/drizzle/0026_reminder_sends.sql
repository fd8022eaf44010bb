-- The reminder mails sent (modules/reminders): one row per kind, period and
-- user, written in the transaction that queues the mail (lib/mail-queue.ts), so a second run of
-- the same week or month (two server processes, a retried job) sends each mail once.
CREATE TABLE "reminder_sends" (
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_sends_pk" PRIMARY KEY("kind","period","user_id"),
	CONSTRAINT "reminder_sends_kind_check" CHECK ("kind" in ('office_weekly', 'customer_monthly'))
);--> statement-breakpoint
CREATE INDEX "reminder_sends_user_idx" ON "reminder_sends" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The reminders' pg-boss queues (modules/reminders/reminder-schedule.ts): their schedules (cron,
-- Europe/Amsterdam) are registered at start. pg-boss's own "send-it" queue of its timekeeper and
-- the mail queue's dead letters (lib/mail-queue.ts) are made here too, so that no process creates
-- a queue at run time: processes that started at once on a new database deadlocked creating
-- 'mail-failed' together (pgboss.create_queue's insert and partition DDL).
SELECT pgboss.create_queue('reminders-office-weekly', json_build_object('policy', 'standard', 'retryLimit', 3, 'retryDelay', 300, 'retryBackoff', true, 'expireInSeconds', 900));--> statement-breakpoint
SELECT pgboss.create_queue('reminders-customer-monthly', json_build_object('policy', 'standard', 'retryLimit', 3, 'retryDelay', 300, 'retryBackoff', true, 'expireInSeconds', 900));--> statement-breakpoint
SELECT pgboss.create_queue('__pgboss__send-it', json_build_object('policy', 'standard'));--> statement-breakpoint
SELECT pgboss.create_queue('mail-failed', json_build_object('policy', 'standard'));
