-- researcher_activity_move: moves one count between person-years (decision 040).
-- Keeps: researcher_activity_years: one count (started, submitted, awarded or saved: the deltas
--   say which) taken from a person's year and added to another's; nothing when both are the
--   same, and a missing side (no person or no year) is skipped.
-- Owner: pipeline
-- Triggers: none; called by applications_researcher_activity and saved_grants_researcher_activity.
-- TypeScript twin: none
-- Test: apps/server/src/modules/admin/activity-years.test.ts

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
$$ LANGUAGE plpgsql;
