CREATE TABLE "login_throttle" (
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"client" text NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_throttle_kind_email_client_pk" PRIMARY KEY("kind","email","client")
);
--> statement-breakpoint
CREATE INDEX "login_throttle_reset_idx" ON "login_throttle" USING btree ("reset_at");
--> statement-breakpoint
DROP TABLE "login_attempts" CASCADE;