-- Issue 22, accounts: the office's list of waiting accounts (GET /api/users/waiting) pages the
-- self-registered customer users not linked to a customer yet, oldest first; a partial index
-- keeps that page small however many users there are. The suggestions need no new index:
-- customers_name_trgm_idx (0035), users_search_idx (trigram on search_text, which ends with the
-- e-mail: the domain) and customers_customer_number_unique.
CREATE INDEX "users_waiting_idx" ON "users" USING btree ("created_at","id") WHERE "users"."role" = 'customer' and "users"."customer_id" is null and "users"."archived_at" is null;
