-- Issue 23, personal API tokens: a user's token for an ERP or BI tool. Only the SHA-256 of the
-- token is kept (the token is shown once); read (GET only) or write; an expiry; revocable (the row
-- stays, with its last use, for the trail). A request made with a token is the user's own, so it
-- is refused what the user is refused.
CREATE TABLE "api_tokens" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "token_hash" text NOT NULL,
  "scope" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "last_used_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "api_tokens_scope_check" CHECK ("scope" IN ('read', 'write'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_idx" ON "api_tokens" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id","id");
--> statement-breakpoint
-- The trail names the token a change was made with (the statement's tag /*kw-actor:<user>:t<token>*/),
-- and every request made with a token is a row of its own (entity api_token, action use).
ALTER TABLE "audit_events" ADD COLUMN "api_token_id" integer;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  n jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  r jsonb := coalesce(n, o);
  skipped text[] := TG_ARGV[1]::text[];
  secret text[] := TG_ARGV[2]::text[];
  changes jsonb := '{}';
  k text;
  b jsonb;
  a jsonb;
  actor integer := nullif(current_setting('keurwijzer.actor', true), '')::integer;
  tag text[];
  token integer;
BEGIN
  IF current_setting('keurwijzer.audit', true) = 'off' THEN
    RETURN NULL;
  END IF;
  FOR k IN SELECT jsonb_object_keys(r) LOOP
    CONTINUE WHEN k = 'id' OR k = ANY (skipped);
    b := o -> k;
    a := n -> k;
    CONTINUE WHEN TG_OP = 'UPDATE' AND b IS NOT DISTINCT FROM a;
    CONTINUE WHEN TG_OP <> 'UPDATE' AND coalesce(a, b) = 'null'::jsonb;
    IF k = ANY (secret) THEN
      b := CASE WHEN b IS NULL OR b = 'null'::jsonb THEN 'null'::jsonb ELSE '"[verborgen]"'::jsonb END;
      a := CASE WHEN a IS NULL OR a = 'null'::jsonb THEN 'null'::jsonb ELSE '"[verborgen]"'::jsonb END;
    END IF;
    changes := changes || jsonb_build_object(k, jsonb_build_array(coalesce(b, 'null'::jsonb), coalesce(a, 'null'::jsonb)));
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  IF actor IS NULL THEN
    tag := regexp_match(current_query(), '^/\*kw-actor:([0-9]{1,9})(?::t([0-9]{1,9}))?\*/');
    actor := tag[1]::integer;
    token := tag[2]::integer;
  END IF;
  INSERT INTO audit_events (actor_id, api_token_id, entity, entity_id, action, changes, machine_id, report_id)
  VALUES (
    actor,
    token,
    TG_ARGV[0],
    (r ->> 'id')::integer,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    changes,
    CASE WHEN TG_ARGV[0] = 'machine' THEN (r ->> 'id')::integer ELSE (r ->> 'machine_id')::integer END,
    CASE WHEN TG_ARGV[0] = 'report' THEN (r ->> 'id')::integer ELSE (r ->> 'report_id')::integer END
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_tokens_audit AFTER INSERT OR UPDATE OR DELETE ON "api_tokens" FOR EACH ROW
  EXECUTE FUNCTION audit_row('api_token', '{created_at,last_used_at}', '{token_hash}');
