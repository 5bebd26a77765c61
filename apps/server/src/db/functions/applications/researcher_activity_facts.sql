-- researcher_activity_facts: which facts count in a researcher's activity, and when (decision 049).
-- Keeps: nothing itself (reads applications and saved_grants); the one statement of the rule that
--   researcher_activity_years keeps per fiscal year (decision 040) and Professor Activity counts
--   for any period: an application counts as started when it was created, submitted at
--   submitted_at, won at awarded_at while it is awarded, all for its PI; a saved grant counts as
--   saved when it was saved, for who saved it. One row per fact: the table and key of the row it
--   comes from (source, user_id, grant_id), the person's institution and department now (the
--   report keys, decision 038), when it happened (at), and the count it adds one to.
-- Owner: applications
-- Triggers: none; read by researcher_activity_count (for the triggers applications_researcher_activity
--   and saved_grants_researcher_activity), researcher_activity_years_counted (the nightly check) and
--   professorActivityOnRead (apps/server/src/modules/admin/overview.repository.ts). A plain SQL
--   function the planner inlines: a condition on its columns reaches each branch, so one row's
--   facts are found by its key and a period's by the date indexes (applications_pi_created_idx,
--   _submitted_idx, _awarded_idx).
-- TypeScript twin: none
-- Test: apps/server/src/modules/admin/activity-years.test.ts

CREATE OR REPLACE FUNCTION researcher_activity_facts()
RETURNS TABLE (source text, user_id uuid, grant_id uuid, institution_id uuid, department text, at timestamptz,
  started integer, submitted integer, awarded integer, saved integer) AS $$
  SELECT 'applications', a.user_id, a.grant_id, a.pi_institution_id, a.pi_department, a.created_at, 1, 0, 0, 0
  FROM applications a
  UNION ALL
  SELECT 'applications', a.user_id, a.grant_id, a.pi_institution_id, a.pi_department, a.submitted_at, 0, 1, 0, 0
  FROM applications a WHERE a.submitted_at IS NOT NULL
  UNION ALL
  SELECT 'applications', a.user_id, a.grant_id, a.pi_institution_id, a.pi_department, a.awarded_at, 0, 0, 1, 0
  FROM applications a WHERE a.status = 'awarded' AND a.awarded_at IS NOT NULL
  UNION ALL
  SELECT 'saved_grants', s.user_id, s.grant_id, s.saver_institution_id, s.saver_department, s.created_at, 0, 0, 0, 1
  FROM saved_grants s
$$ LANGUAGE sql STABLE;
