-- The team statuses every database needs (src/shared/team-planning.ts TEAM_STATUS), not only one with the demo airport:
-- without them no team can be created. A database that already has them keeps its rows.
INSERT INTO "team_statuses" ("id", "name") VALUES
  (1, 'Черновик'), (2, 'Сформирована'), (3, 'На смене'), (4, 'Смена завершена'), (5, 'Расформирована')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('team_statuses', 'id'), (SELECT max("id") FROM "team_statuses"));
