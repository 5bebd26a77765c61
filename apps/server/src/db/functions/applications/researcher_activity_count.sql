-- researcher_activity_count: adds one row's facts to its person-years, or takes them away (decision 049).
-- Keeps: researcher_activity_years: the facts (researcher_activity_facts) of one row of applications
--   or saved_grants, found by its key as the table holds it now, counted in the fiscal years they
--   fall in: added (direction 1, after an insert or update) or taken away (direction -1, before an
--   update or delete). A count taken from a missing row, which can only have drifted, is left for
--   the nightly check.
-- Owner: applications
-- Triggers: none; called by researcher_activity_row (the triggers on applications and saved_grants).
-- TypeScript twin: none
-- Test: apps/server/src/modules/admin/activity-years.test.ts

CREATE OR REPLACE FUNCTION researcher_activity_count(row_source text, row_user uuid, row_grant uuid, direction integer)
RETURNS void AS $$
BEGIN
  IF direction > 0 THEN
    INSERT INTO researcher_activity_years AS r (user_id, fiscal_year, started, submitted, awarded, saved)
    SELECT f.user_id, report_fiscal_year(f.at), sum(f.started), sum(f.submitted), sum(f.awarded), sum(f.saved)
    FROM researcher_activity_facts() f
    WHERE f.source = row_source AND f.user_id = row_user AND f.grant_id = row_grant
    GROUP BY 1, 2
    ON CONFLICT (fiscal_year, user_id) DO UPDATE SET started = r.started + EXCLUDED.started,
      submitted = r.submitted + EXCLUDED.submitted, awarded = r.awarded + EXCLUDED.awarded, saved = r.saved + EXCLUDED.saved;
  ELSE
    UPDATE researcher_activity_years r SET started = r.started - c.started, submitted = r.submitted - c.submitted,
      awarded = r.awarded - c.awarded, saved = r.saved - c.saved
    FROM (
      SELECT f.user_id, report_fiscal_year(f.at) AS fiscal_year, sum(f.started) AS started, sum(f.submitted) AS submitted,
        sum(f.awarded) AS awarded, sum(f.saved) AS saved
      FROM researcher_activity_facts() f
      WHERE f.source = row_source AND f.user_id = row_user AND f.grant_id = row_grant
      GROUP BY 1, 2
    ) c
    WHERE r.fiscal_year = c.fiscal_year AND r.user_id = c.user_id;
  END IF;
END;
$$ LANGUAGE plpgsql;
