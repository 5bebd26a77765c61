-- researcher_activity_years_counted: what researcher_activity_years should hold (decisions 040, 049).
-- Keeps: nothing itself; every fact of researcher_activity_facts (the rule, stated there once)
--   counted from scratch per person and fiscal year. It filled the table in migration 0035 and is
--   the nightly check that puts right any row that drifted (correctResearcherActivityYears,
--   apps/server/src/modules/applications/activity-years.repository.ts).
-- Owner: applications
-- Triggers: none
-- TypeScript twin: none; the triggers applications_researcher_activity and
--   saved_grants_researcher_activity keep the same counts row by row, from the same facts.
-- Test: apps/server/src/modules/admin/activity-years.test.ts

CREATE OR REPLACE FUNCTION researcher_activity_years_counted()
RETURNS TABLE (user_id uuid, fiscal_year integer, started integer, submitted integer, awarded integer, saved integer) AS $$
  SELECT f.user_id, report_fiscal_year(f.at), sum(f.started)::integer, sum(f.submitted)::integer, sum(f.awarded)::integer,
    sum(f.saved)::integer
  FROM researcher_activity_facts() f
  GROUP BY 1, 2
$$ LANGUAGE sql STABLE;
