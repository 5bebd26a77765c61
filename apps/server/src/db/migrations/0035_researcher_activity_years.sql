CREATE TABLE "researcher_activity_years" (
	"user_id" uuid NOT NULL,
	"fiscal_year" integer NOT NULL,
	"started" integer DEFAULT 0 NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"awarded" integer DEFAULT 0 NOT NULL,
	"saved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "researcher_activity_years_fiscal_year_user_id_pk" PRIMARY KEY("fiscal_year","user_id")
);
--> statement-breakpoint
-- Decision 040: each researcher's activity per federal fiscal year, kept by triggers. The year a moment
-- falls in (UTC days): the year it ends in, so 1 October 2024 to 30 September 2025 is 2025.
CREATE OR REPLACE FUNCTION report_fiscal_year(at timestamptz) RETURNS integer AS $$
  SELECT extract(year FROM (at AT TIME ZONE 'UTC') + interval '3 months')::integer
$$ LANGUAGE sql IMMUTABLE STRICT;--> statement-breakpoint
-- Moves one count (started, submitted, awarded or saved: the deltas say which) from a person's year to
-- another's; nothing when both are the same, a missing side (no person or no year) is skipped.
CREATE OR REPLACE FUNCTION researcher_activity_move(old_user uuid, old_year integer, new_user uuid, new_year integer,
  d_started integer, d_submitted integer, d_awarded integer, d_saved integer) RETURNS void AS $$
BEGIN
  IF old_user IS NOT DISTINCT FROM new_user AND old_year IS NOT DISTINCT FROM new_year THEN
    RETURN;
  END IF;
  IF old_user IS NOT NULL AND old_year IS NOT NULL THEN
    UPDATE researcher_activity_years SET started = started - d_started, submitted = submitted - d_submitted,
      awarded = awarded - d_awarded, saved = saved - d_saved
    WHERE fiscal_year = old_year AND user_id = old_user;
  END IF;
  IF new_user IS NOT NULL AND new_year IS NOT NULL THEN
    INSERT INTO researcher_activity_years AS r (user_id, fiscal_year, started, submitted, awarded, saved)
    VALUES (new_user, new_year, d_started, d_submitted, d_awarded, d_saved)
    ON CONFLICT (fiscal_year, user_id) DO UPDATE SET started = r.started + d_started, submitted = r.submitted + d_submitted,
      awarded = r.awarded + d_awarded, saved = r.saved + d_saved;
  END IF;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- An application counts as started in the year it was created, submitted in the year of submitted_at,
-- won in the year of awarded_at while it is awarded; all for its PI (OLD is null on insert, NEW on delete).
CREATE OR REPLACE FUNCTION applications_researcher_activity() RETURNS trigger AS $$
BEGIN
  PERFORM researcher_activity_move(OLD.user_id, report_fiscal_year(OLD.created_at),
    NEW.user_id, report_fiscal_year(NEW.created_at), 1, 0, 0, 0);
  PERFORM researcher_activity_move(OLD.user_id, report_fiscal_year(OLD.submitted_at),
    NEW.user_id, report_fiscal_year(NEW.submitted_at), 0, 1, 0, 0);
  PERFORM researcher_activity_move(OLD.user_id, CASE WHEN OLD.status = 'awarded' THEN report_fiscal_year(OLD.awarded_at) END,
    NEW.user_id, CASE WHEN NEW.status = 'awarded' THEN report_fiscal_year(NEW.awarded_at) END, 0, 0, 1, 0);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER applications_researcher_activity AFTER INSERT OR DELETE OR UPDATE OF user_id, created_at, submitted_at, awarded_at, status
  ON applications FOR EACH ROW EXECUTE FUNCTION applications_researcher_activity();--> statement-breakpoint
-- A saved grant counts in the year it was saved, for who saved it (an unsaved one no longer counts).
CREATE OR REPLACE FUNCTION saved_grants_researcher_activity() RETURNS trigger AS $$
BEGIN
  PERFORM researcher_activity_move(OLD.user_id, report_fiscal_year(OLD.created_at),
    NEW.user_id, report_fiscal_year(NEW.created_at), 0, 0, 0, 1);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER saved_grants_researcher_activity AFTER INSERT OR DELETE OR UPDATE OF user_id, created_at
  ON saved_grants FOR EACH ROW EXECUTE FUNCTION saved_grants_researcher_activity();--> statement-breakpoint
-- What the table should hold, counted from the applications and saved grants: the fill below, and the
-- nightly check that puts right any row that drifted (modules/pipeline/activity-years.ts).
CREATE OR REPLACE FUNCTION researcher_activity_years_counted()
RETURNS TABLE (user_id uuid, fiscal_year integer, started integer, submitted integer, awarded integer, saved integer) AS $$
  SELECT x.user_id, x.fiscal_year, sum(x.started)::integer, sum(x.submitted)::integer, sum(x.awarded)::integer, sum(x.saved)::integer FROM (
    SELECT a.user_id, report_fiscal_year(a.created_at) AS fiscal_year, 1 AS started, 0 AS submitted, 0 AS awarded, 0 AS saved FROM applications a
    UNION ALL
    SELECT a.user_id, report_fiscal_year(a.submitted_at), 0, 1, 0, 0 FROM applications a WHERE a.submitted_at IS NOT NULL
    UNION ALL
    SELECT a.user_id, report_fiscal_year(a.awarded_at), 0, 0, 1, 0 FROM applications a WHERE a.status = 'awarded' AND a.awarded_at IS NOT NULL
    UNION ALL
    SELECT s.user_id, report_fiscal_year(s.created_at), 0, 0, 0, 1 FROM saved_grants s
  ) x
  GROUP BY x.user_id, x.fiscal_year
$$ LANGUAGE sql STABLE;--> statement-breakpoint
-- The years of everything recorded so far.
INSERT INTO researcher_activity_years (user_id, fiscal_year, started, submitted, awarded, saved)
SELECT * FROM researcher_activity_years_counted();
