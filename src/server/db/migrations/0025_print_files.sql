-- Spooled tag PDFs move from DATA_DIR/prints into the database (docs/DECISIONS.md, "Bag-tag printing"): any server
-- process on the database answers a download, and a backup holds them. Jobs spooled before keep their row; their
-- files stay where they were and are no longer served (404, as after the retention).
CREATE TABLE "print_files" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "print_files_size_ck" CHECK ("print_files"."size" = octet_length("print_files"."bytes") and "print_files"."size" between 1 and 8388608)
);
--> statement-breakpoint
ALTER TABLE "print_files" ADD CONSTRAINT "print_files_job_id_print_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."print_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_files_created_at_idx" ON "print_files" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "print_jobs" DROP COLUMN "file_name";
--> statement-breakpoint
-- Not audited: a PDF in every audit row would bloat the trail, and print_jobs (the record of who printed what) is not
-- audited either. Listed before the migrator runs audit_attach_all (src/server/db/client.ts), so no trigger is made.
INSERT INTO "audit_skip" ("entity") VALUES ('print_files') ON CONFLICT DO NOTHING;
