CREATE TABLE "task_digests" (
	"task_id" integer PRIMARY KEY NOT NULL,
	"flight_id" integer NOT NULL,
	"digest" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_digests" ADD CONSTRAINT "task_digests_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_digests_flight_idx" ON "task_digests" USING btree ("flight_id");--> statement-breakpoint
-- A task's row of the planning answer, kept ready: 'id,flight,job,begin,end|position,count,...|type,...|employee,...'
-- (epoch seconds of the plan times). The month read of /planning/flight folds these texts instead of formatting
-- ~70,000 tasks and their links per call (about five times cheaper on the embedded database). Statement triggers
-- on tasks and their link tables keep it current; a deleted task takes its digest along (foreign key).
CREATE VIEW "task_digest_source" AS
SELECT t.id AS task_id, t.flight_id,
       t.id || ',' || t.flight_id || ',' || t.job_id || ',' || date_part('epoch', t.plan_begin_at)::int8 || ',' ||
       date_part('epoch', t.plan_end_at)::int8 ||
       '|' || coalesce((SELECT string_agg(tp.employee_position_id || ',' || tp.count, ',' ORDER BY tp.employee_position_id)
                        FROM task_positions tp WHERE tp.task_id = t.id), '') ||
       '|' || coalesce((SELECT string_agg(tr.resource_type_id::text, ',' ORDER BY tr.id)
                        FROM task_resources tr WHERE tr.task_id = t.id), '') ||
       '|' || coalesce((SELECT string_agg(te.employee_id::text, ',' ORDER BY te.id)
                        FROM task_employees te WHERE te.task_id = t.id), '') AS digest
FROM tasks t;
--> statement-breakpoint
CREATE FUNCTION "refresh_task_digests"(ids int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO task_digests (task_id, flight_id, digest)
  SELECT task_id, flight_id, digest FROM task_digest_source WHERE task_id = ANY(ids)
  ON CONFLICT (task_id) DO UPDATE SET flight_id = excluded.flight_id, digest = excluded.digest;
$$;
--> statement-breakpoint
CREATE FUNCTION "task_digests_of_tasks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_task_digests(array(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "task_digests_of_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_task_digests(array(SELECT DISTINCT task_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_task_digests(array(SELECT DISTINCT task_id FROM old_rows));
  ELSE
    PERFORM refresh_task_digests(array(SELECT task_id FROM new_rows UNION SELECT task_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tasks_digest_insert" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_digests_of_tasks();
--> statement-breakpoint
CREATE TRIGGER "tasks_digest_update" AFTER UPDATE ON "tasks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_digests_of_tasks();
--> statement-breakpoint
CREATE TRIGGER "task_positions_digest_insert" AFTER INSERT ON "task_positions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_digests_of_links();
--> statement-breakpoint
CREATE TRIGGER "task_positions_digest_update" AFTER UPDATE ON "task_positions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_digests_of_links();
--> statement-breakpoint
CREATE TRIGGER "task_positions_digest_delete" AFTER DELETE ON "task_positions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_digests_of_links();
--> statement-breakpoint
CREATE TRIGGER "task_resources_digest_insert" AFTER INSERT ON "task_resources" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_digests_of_links();
--> statement-breakpoint
CREATE TRIGGER "task_resources_digest_update" AFTER UPDATE ON "task_resources" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_digests_of_links();
--> statement-breakpoint
CREATE TRIGGER "task_resources_digest_delete" AFTER DELETE ON "task_resources" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_digests_of_links();
--> statement-breakpoint
CREATE TRIGGER "task_employees_digest_insert" AFTER INSERT ON "task_employees" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_digests_of_links();
--> statement-breakpoint
CREATE TRIGGER "task_employees_digest_update" AFTER UPDATE ON "task_employees" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_digests_of_links();
--> statement-breakpoint
CREATE TRIGGER "task_employees_digest_delete" AFTER DELETE ON "task_employees" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_digests_of_links();
--> statement-breakpoint
-- Every digest at once (after a bulk load with triggers off, and here): grouped joins instead of the view's
-- per-task subqueries, four times faster over the whole table. tests/api/task-digests.test.ts holds both to the same text.
CREATE FUNCTION "rebuild_task_digests"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM task_digests;
  INSERT INTO task_digests (task_id, flight_id, digest)
  SELECT t.id, t.flight_id,
         t.id || ',' || t.flight_id || ',' || t.job_id || ',' || date_part('epoch', t.plan_begin_at)::int8 || ',' ||
         date_part('epoch', t.plan_end_at)::int8 ||
         '|' || coalesce(p.s, '') || '|' || coalesce(r.s, '') || '|' || coalesce(e.s, '')
  FROM tasks t
  LEFT JOIN (SELECT task_id, string_agg(employee_position_id || ',' || count, ',' ORDER BY employee_position_id) s
             FROM task_positions GROUP BY task_id) p ON p.task_id = t.id
  LEFT JOIN (SELECT task_id, string_agg(resource_type_id::text, ',' ORDER BY id) s
             FROM task_resources GROUP BY task_id) r ON r.task_id = t.id
  LEFT JOIN (SELECT task_id, string_agg(employee_id::text, ',' ORDER BY id) s
             FROM task_employees GROUP BY task_id) e ON e.task_id = t.id;
$$;
--> statement-breakpoint
SELECT rebuild_task_digests();
