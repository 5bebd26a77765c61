-- researcher_activity_years_counted: what researcher_activity_years should hold (decision 040).
-- Keeps: nothing itself (reads applications and saved_grants); counted from scratch, it filled
--   the table in migration 0035 and is the nightly check that puts right any row that drifted
--   (correctResearcherActivityYears, apps/server/src/modules/pipeline/pipeline.repository.ts).
-- Owner: pipeline
-- Triggers: none
-- TypeScript twin: none; the triggers applications_researcher_activity and
--   saved_grants_researcher_activity keep the same counts row by row.
-- Test: apps/server/src/modules/admin/activity-years.test.ts

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
$$ LANGUAGE sql STABLE;
