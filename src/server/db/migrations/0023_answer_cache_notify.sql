-- Change notices for the in-memory caches of every server process (docs/DECISIONS.md, "Answer cache"). Statement
-- triggers call pg_notify in the writing transaction, so a notice goes out when (and only when) it commits, and
-- PostgreSQL folds the notices of one transaction into one per channel and payload.
-- gow_data: any committed write to a table answers are read from; every list answer cached by a process goes.
-- gow_auth: sessions ended, users, roles or their rules changed; every cached session lookup goes.
CREATE FUNCTION "data_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gow_data', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "auth_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gow_auth', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Sessions: only deletes that ended a session (a login's sweep of expired ones usually ends none).
CREATE FUNCTION "auth_notify_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows) THEN
    PERFORM pg_notify('gow_auth', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "auth_notify_delete" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION auth_notify_ended();
--> statement-breakpoint
CREATE TRIGGER "auth_notify_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION auth_notify();
--> statement-breakpoint
CREATE TRIGGER "auth_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION auth_notify();
--> statement-breakpoint
CREATE TRIGGER "auth_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION auth_notify();
--> statement-breakpoint
CREATE TRIGGER "auth_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION auth_notify();
--> statement-breakpoint
CREATE TRIGGER "auth_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_rules" FOR EACH STATEMENT EXECUTE FUNCTION auth_notify();
--> statement-breakpoint
-- Every ordinary table of the public schema gets the gow_data trigger, but sessions and login failures (no answer
-- reads them) and the audit trail's own tables (written only beside a table that notifies); run by this migration
-- and after every later migration (src/server/db/client.ts), so a new table notifies by default.
CREATE FUNCTION "data_notify_attach_all"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  target record;
BEGIN
  FOR target IN
    SELECT c.oid::regclass AS rel
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       AND c.relname NOT IN ('sessions', 'login_failures', 'audit_log', 'audit_skip')
       AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'data_notify')
  LOOP
    EXECUTE format('CREATE TRIGGER data_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %s
                    FOR EACH STATEMENT EXECUTE FUNCTION data_notify()', target.rel);
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT data_notify_attach_all();
