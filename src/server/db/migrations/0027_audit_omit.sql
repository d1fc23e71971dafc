-- Bulky derived columns keep only their size in the trail (docs/DECISIONS.md, "Audit trail: bulky columns"). A saved
-- shift schedule's `result` (the solver's answer: every position's schedule and cover, ~380 KB for the demo's 43
-- positions and a week) went whole into every insert and delete of planning_calcs, so one page of the trail could
-- reach tens of MB. The calc itself keeps its result; the trail keeps who saved which period with which parameters,
-- and the result's size as {"omitted": bytes}.
CREATE FUNCTION "audit_omitted_columns"(entity text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE entity WHEN 'planning_calcs' THEN ARRAY['result'] ELSE '{}'::text[] END
$$;
--> statement-breakpoint
-- A value the trail does not keep: its size as text, in bytes.
CREATE FUNCTION "audit_omitted"(value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value IS NULL OR value = 'null'::jsonb THEN value
              ELSE jsonb_build_object('omitted', octet_length(value::text)) END
$$;
--> statement-breakpoint
-- A written row as the trail keeps it: secret columns masked (audit_mask), omitted columns by their size.
CREATE FUNCTION "audit_row"(row_json jsonb, omitted text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, CASE WHEN key ~ '(password|token|secret)' THEN '"***"'::jsonb
                                             WHEN key = ANY(omitted) THEN audit_omitted(value)
                                             ELSE value END), '{}'::jsonb)
  FROM jsonb_each(row_json)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor integer;
  key_of text;
  same_key text;
  row_of text := 'to_jsonb(%s)';
  omitted text[] := audit_omitted_columns(TG_TABLE_NAME);
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
  -- Only tables with a secret or an omitted column pay for rebuilding each row.
  IF cardinality(omitted) > 0 OR EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = TG_RELID AND attnum > 0
                                           AND NOT attisdropped AND attname ~ '(password|token|secret)') THEN
    row_of := 'audit_row(to_jsonb(%s), $3)';
  END IF;
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO audit_log (user_id, action, entity, entity_id, change)
                    SELECT $1, ''insert'', $2, %s, %s FROM new_rows n', format(key_of, 'n'), format(row_of, 'n'))
      USING actor, TG_TABLE_NAME, omitted;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO audit_log (user_id, action, entity, entity_id, change)
                    SELECT $1, ''delete'', $2, %s, %s FROM old_rows o', format(key_of, 'o'), format(row_of, 'o'))
      USING actor, TG_TABLE_NAME, omitted;
  ELSE
    -- Only the changed columns, {column: [old, new]}; a row whose values all stay is no change. A row whose key
    -- changed has no partner on the key: it reads as the old row's delete and the new row's insert.
    EXECUTE format('INSERT INTO audit_log (user_id, action, entity, entity_id, change)
                    SELECT $1, ''update'', $2, %s, d.change
                      FROM old_rows o JOIN new_rows n ON %s
                      CROSS JOIN LATERAL (
                        SELECT jsonb_object_agg(nv.key, CASE WHEN nv.key ~ ''(password|token|secret)''
                                 THEN ''["***", "***"]''::jsonb
                                 WHEN nv.key = ANY($3) THEN jsonb_build_array(audit_omitted(ov.value), audit_omitted(nv.value))
                                 ELSE jsonb_build_array(ov.value, nv.value) END) AS change
                          FROM jsonb_each(to_jsonb(o)) ov JOIN jsonb_each(to_jsonb(n)) nv ON nv.key = ov.key
                         WHERE ov.value IS DISTINCT FROM nv.value) d
                     WHERE d.change IS NOT NULL',
                   format(key_of, 'n'), same_key)
      USING actor, TG_TABLE_NAME, omitted;
    EXECUTE format('INSERT INTO audit_log (user_id, action, entity, entity_id, change)
                    SELECT $1, ''delete'', $2, %s, %s FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE %s)
                    UNION ALL
                    SELECT $1, ''insert'', $2, %s, %s FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE %s)',
                   format(key_of, 'o'), format(row_of, 'o'), same_key, format(key_of, 'n'), format(row_of, 'n'), same_key)
      USING actor, TG_TABLE_NAME, omitted;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The trail written before this migration: the same shape as a new entry's.
UPDATE "audit_log" SET "change" = jsonb_set("change", '{result}', audit_omitted("change"->'result'))
 WHERE "entity" = 'planning_calcs' AND "action" IN ('insert', 'delete') AND "change" ? 'result';
--> statement-breakpoint
UPDATE "audit_log"
   SET "change" = jsonb_set("change", '{result}',
                            jsonb_build_array(audit_omitted("change"->'result'->0), audit_omitted("change"->'result'->1)))
 WHERE "entity" = 'planning_calcs' AND "action" = 'update' AND "change" ? 'result';
--> statement-breakpoint
DROP FUNCTION "audit_mask"(jsonb);
