-- No double booking: two active events of one host can never overlap, whichever server
-- process writes them. btree_gist lets the uuid equality share the GiST index with the range.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "host_busy" ADD CONSTRAINT "host_busy_no_overlap"
  EXCLUDE USING gist ("host_id" WITH =, "during" WITH &&);
--> statement-breakpoint
ALTER TABLE "host_busy" ADD CONSTRAINT "host_busy_during_not_empty"
  CHECK (NOT isempty("during"));
