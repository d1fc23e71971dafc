-- The audit trail's triggers (docs/DECISIONS.md, "Audit trail"). Statement-level AFTER triggers with transition
-- tables: one INSERT ... SELECT into audit_log per written statement, whatever its row count, in the writing
-- transaction. The writer is the transaction setting gow.actor (set first by every transaction of a signed-in
-- user's request, src/server/db/client.ts), null for the system; gow.audit = 'off' (the demo load) skips the trail.
INSERT INTO "audit_skip" ("entity") VALUES
  ('audit_log'), ('audit_skip'), ('task_digests'), ('sessions'), ('login_failures'), ('mail_outbox'),
  ('print_jobs'), ('rush_tag_counters'), ('demo_loads')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Secret columns (password hashes, tokens) keep their key, never their value.
CREATE FUNCTION "audit_mask"(row_json jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, CASE WHEN key ~ '(password|token|secret)' THEN '"***"'::jsonb ELSE value END), '{}'::jsonb)
  FROM jsonb_each(row_json)
$$;
--> statement-breakpoint
CREATE FUNCTION "audit_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor integer;
  key_of text;
  same_key text;
  row_of text := 'to_jsonb(%s)';
BEGIN
  IF current_setting('gow.audit', true) = 'off' THEN
    RETURN NULL;
  END IF;
  actor := nullif(current_setting('gow.actor', true), '')::integer;
  -- The primary key as text ('12', or '3,45' for a composite key) and the join of old to new rows on it.
  SELECT string_agg(format('%%1$s.%I::text', a.attname), ' || '','' || ' ORDER BY k.ord),
         string_agg(format('o.%1$I = n.%1$I', a.attname), ' AND ' ORDER BY k.ord)
    INTO key_of, same_key
    FROM pg_index i
    CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
   WHERE i.indrelid = TG_RELID AND i.indisprimary;
  IF key_of IS NULL THEN
    RAISE EXCEPTION 'audit: table % has no primary key', TG_TABLE_NAME;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = TG_RELID AND attnum > 0 AND NOT attisdropped
                AND attname ~ '(password|token|secret)') THEN
    row_of := 'audit_mask(to_jsonb(%s))';
  END IF;
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO audit_log (user_id, action, entity, entity_id, change)
                    SELECT $1, ''insert'', $2, %s, %s FROM new_rows n', format(key_of, 'n'), format(row_of, 'n'))
      USING actor, TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO audit_log (user_id, action, entity, entity_id, change)
                    SELECT $1, ''delete'', $2, %s, %s FROM old_rows o', format(key_of, 'o'), format(row_of, 'o'))
      USING actor, TG_TABLE_NAME;
  ELSE
    -- Only the changed columns, {column: [old, new]}; a row whose values all stay is no change. A row whose key
    -- changed has no partner on the key: it reads as the old row's delete and the new row's insert.
    EXECUTE format('INSERT INTO audit_log (user_id, action, entity, entity_id, change)
                    SELECT $1, ''update'', $2, %s, d.change
                      FROM old_rows o JOIN new_rows n ON %s
                      CROSS JOIN LATERAL (
                        SELECT jsonb_object_agg(nv.key, CASE WHEN nv.key ~ ''(password|token|secret)''
                                 THEN ''["***", "***"]''::jsonb ELSE jsonb_build_array(ov.value, nv.value) END) AS change
                          FROM jsonb_each(to_jsonb(o)) ov JOIN jsonb_each(to_jsonb(n)) nv ON nv.key = ov.key
                         WHERE ov.value IS DISTINCT FROM nv.value) d
                     WHERE d.change IS NOT NULL',
                   format(key_of, 'n'), same_key)
      USING actor, TG_TABLE_NAME;
    EXECUTE format('INSERT INTO audit_log (user_id, action, entity, entity_id, change)
                    SELECT $1, ''delete'', $2, %s, %s FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE %s)
                    UNION ALL
                    SELECT $1, ''insert'', $2, %s, %s FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE %s)',
                   format(key_of, 'o'), format(row_of, 'o'), same_key, format(key_of, 'n'), format(row_of, 'n'), same_key)
      USING actor, TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Gives one table its three triggers (a trigger with transition tables takes one event), if it has none yet.
CREATE FUNCTION "audit_attach"(target regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = target AND tgname = 'audit_insert') THEN
    RETURN;
  END IF;
  EXECUTE format('CREATE TRIGGER audit_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION audit_record()', target);
  EXECUTE format('CREATE TRIGGER audit_update AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION audit_record()', target);
  EXECUTE format('CREATE TRIGGER audit_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION audit_record()', target);
END
$$;
--> statement-breakpoint
-- Every ordinary table of the public schema but those in audit_skip (whose triggers, if any, go); run by this
-- migration and after every later migration (src/server/db/client.ts), so a new table is audited by default.
CREATE FUNCTION "audit_attach_all"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  target record;
BEGIN
  FOR target IN
    SELECT c.oid::regclass AS rel, c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
  LOOP
    IF EXISTS (SELECT 1 FROM audit_skip WHERE entity = target.name) THEN
      IF EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = target.rel AND tgname = 'audit_insert') THEN
        EXECUTE format('DROP TRIGGER audit_insert ON %s', target.rel);
        EXECUTE format('DROP TRIGGER audit_update ON %s', target.rel);
        EXECUTE format('DROP TRIGGER audit_delete ON %s', target.rel);
      END IF;
    ELSE
      PERFORM audit_attach(target.rel);
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT audit_attach_all();
