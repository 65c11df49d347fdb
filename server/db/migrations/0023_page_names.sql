CREATE TABLE "page_names" (
	"name" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"team_id" uuid,
	CONSTRAINT "page_names_one_owner" CHECK (("page_names"."user_id" is null) <> ("page_names"."team_id" is null))
);
--> statement-breakpoint
ALTER TABLE "page_names" ADD CONSTRAINT "page_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_names" ADD CONSTRAINT "page_names_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_names_user_key" ON "page_names" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "page_names_team_key" ON "page_names" USING btree ("team_id");--> statement-breakpoint
-- Backfill. Until now a user and a team could hold one name: `/{name}` showed the user when
-- verified, else nobody. That public owner keeps the name, so no link that worked changes: a
-- verified user first, then the team, then an unverified user; older first, then by id. Any
-- other claim is renamed to the name with the lowest free suffix (`acme-2`, `acme-3`, ...), and
-- a notice names it for the operator's log.
CREATE TEMPORARY TABLE page_name_claims ON COMMIT DROP AS
  SELECT lower(username) AS name, id AS user_id, NULL::uuid AS team_id,
    CASE WHEN email_verified_at IS NULL THEN 2 ELSE 0 END AS rank, created_at, id
  FROM users
  UNION ALL
  SELECT lower(slug), NULL::uuid, id, 1, created_at, id FROM teams;
--> statement-breakpoint
-- Every name goes to its first claim in one statement; only the few claims left over loop.
INSERT INTO page_names (name, user_id, team_id)
  SELECT DISTINCT ON (name) name, user_id, team_id FROM page_name_claims
  ORDER BY name, rank, created_at, id;
--> statement-breakpoint
DO $$
DECLARE
  claim record;
  candidate text;
  suffix int;
BEGIN
  -- Every name anyone holds is in page_names by now, so a free candidate is one not in it.
  FOR claim IN
    SELECT c.* FROM page_name_claims c
    WHERE NOT EXISTS (SELECT 1 FROM page_names p WHERE p.user_id = c.user_id)
      AND NOT EXISTS (SELECT 1 FROM page_names p WHERE p.team_id = c.team_id)
    ORDER BY name, rank, created_at, id
  LOOP
    suffix := 2;
    candidate := rtrim(left(claim.name, 36), '-') || '-' || suffix;
    WHILE EXISTS (SELECT 1 FROM page_names WHERE name = candidate) LOOP
      suffix := suffix + 1;
      candidate := rtrim(left(claim.name, 36), '-') || '-' || suffix;
    END LOOP;
    IF claim.user_id IS NOT NULL THEN
      UPDATE users SET username = candidate WHERE id = claim.user_id;
      RAISE NOTICE 'page name %: user % renamed to %', claim.name, claim.user_id, candidate;
    ELSE
      UPDATE teams SET slug = candidate WHERE id = claim.team_id;
      RAISE NOTICE 'page name %: team % renamed to %', claim.name, claim.team_id, candidate;
    END IF;
    INSERT INTO page_names (name, user_id, team_id) VALUES (candidate, claim.user_id, claim.team_id);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Every write of a username or team slug claims its name in the same statement, whichever code
-- writes it (commands, the demo, tests, a script): a name another owner holds fails the write
-- with a unique violation on page_names_pkey. Deleting the owner frees the name (cascade).
CREATE FUNCTION claim_page_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    INSERT INTO page_names AS p (name, user_id) VALUES (lower(NEW.username), NEW.id)
    ON CONFLICT (user_id) DO UPDATE SET name = excluded.name WHERE p.name <> excluded.name;
  ELSE
    INSERT INTO page_names AS p (name, team_id) VALUES (lower(NEW.slug), NEW.id)
    ON CONFLICT (team_id) DO UPDATE SET name = excluded.name WHERE p.name <> excluded.name;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_page_name AFTER INSERT OR UPDATE OF username ON users FOR EACH ROW EXECUTE FUNCTION claim_page_name();
--> statement-breakpoint
CREATE TRIGGER teams_page_name AFTER INSERT OR UPDATE OF slug ON teams FOR EACH ROW EXECUTE FUNCTION claim_page_name();
