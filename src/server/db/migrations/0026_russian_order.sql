-- Russian order on the embedded database (docs/DECISIONS.md, "Russian order"). PGlite's ICU holds the root
-- collation only, which puts Latin names before Cyrillic; CLDR's Russian collation is that root order with the
-- Cyrillic script moved first ([reorder Cyrl]), which PostgreSQL 16 and later build from rules. PostgreSQL servers
-- sort by ICU's own "ru-x-icu" (src/server/http/filters.ts); one older than 16 skips this.
DO $$
BEGIN
  IF current_setting('server_version_num')::int >= 160000 THEN
    EXECUTE 'CREATE COLLATION IF NOT EXISTS "ru_order" (provider = icu, locale = ''und'', rules = ''[reorder Cyrl]'')';
  END IF;
END
$$;
