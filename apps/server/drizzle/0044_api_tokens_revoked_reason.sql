-- Archiving a user, or the user's customer, revokes the user's live API tokens in the archive's
-- transaction: a restore brings the account back, never the tokens (a program that still holds
-- one stays locked out; the user makes a new one). Why a token was revoked tells the owner's own
-- "Intrekken" (the token leaves their list) from the archive's (it stays in the list as revoked).
-- Tokens revoked before this column keep null: their owner revoked them.
ALTER TABLE "api_tokens" ADD COLUMN "revoked_reason" text;
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_revoked_reason_check"
  CHECK ("revoked_reason" IS NULL OR ("revoked_reason" IN ('owner', 'archived') AND "revoked_at" IS NOT NULL));
