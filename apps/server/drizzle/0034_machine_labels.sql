-- Issue 21: QR labels. One label code per machine: 16 random bytes in base64url, made by the
-- server when the machine's label is first printed and kept for every reprint; "Nieuwe code"
-- replaces it (every earlier sticker stops working). `token_hash` (SHA-256, hex) finds the
-- machine of a scanned code; `token_sealed` is the code itself encrypted with the secret box
-- (AES-256-GCM, context label:machine:<id>) so a label can be printed again; a database dump
-- alone opens no public page.
CREATE TABLE "machine_labels" (
	"machine_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "machine_labels" ADD CONSTRAINT "machine_labels_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_labels" ADD CONSTRAINT "machine_labels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "machine_labels_token_hash_unique" ON "machine_labels" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "machine_labels_created_by_idx" ON "machine_labels" USING btree ("created_by");--> statement-breakpoint
-- A malfunction reported through a machine's label by someone without an account: anonymous,
-- with the name and phone number or e-mail address they gave; `reported_by` stays null.
ALTER TABLE "malfunctions" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "malfunctions" ADD COLUMN "reporter_name" varchar(255);--> statement-breakpoint
ALTER TABLE "malfunctions" ADD COLUMN "reporter_contact" varchar(255);--> statement-breakpoint
ALTER TABLE "malfunctions" ADD CONSTRAINT "malfunctions_anonymous_check" CHECK (not "malfunctions"."anonymous" or ("malfunctions"."reported_by" is null and "malfunctions"."reporter_name" is not null and "malfunctions"."reporter_contact" is not null));
