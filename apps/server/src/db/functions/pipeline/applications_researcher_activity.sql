-- applications_researcher_activity: an application's counts in its PI's years (decision 040).
-- Keeps: researcher_activity_years: an application counts as started in the fiscal year it was
--   created, submitted in the year of submitted_at, won in the year of awarded_at while it is
--   awarded; all for its PI (OLD is null on insert, NEW on delete).
-- Owner: pipeline
-- Triggers: applications_researcher_activity, AFTER INSERT OR DELETE OR UPDATE OF user_id,
--   created_at, submitted_at, awarded_at, status ON applications.
-- TypeScript twin: none; researcher_activity_years_counted counts the same from scratch.
-- Test: apps/server/src/modules/admin/activity-years.test.ts

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
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER applications_researcher_activity AFTER INSERT OR DELETE OR UPDATE OF user_id, created_at, submitted_at, awarded_at, status
  ON applications FOR EACH ROW EXECUTE FUNCTION applications_researcher_activity();
