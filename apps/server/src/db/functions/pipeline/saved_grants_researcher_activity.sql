-- saved_grants_researcher_activity: a saved grant's count in its saver's years (decision 040).
-- Keeps: researcher_activity_years: a saved grant counts in the fiscal year it was saved, for who
--   saved it (an unsaved one no longer counts).
-- Owner: pipeline
-- Triggers: saved_grants_researcher_activity, AFTER INSERT OR DELETE OR UPDATE OF user_id,
--   created_at ON saved_grants.
-- TypeScript twin: none; researcher_activity_years_counted counts the same from scratch.
-- Test: apps/server/src/modules/admin/activity-years.test.ts

CREATE OR REPLACE FUNCTION saved_grants_researcher_activity() RETURNS trigger AS $$
BEGIN
  PERFORM researcher_activity_move(OLD.user_id, report_fiscal_year(OLD.created_at),
    NEW.user_id, report_fiscal_year(NEW.created_at), 0, 0, 0, 1);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER saved_grants_researcher_activity AFTER INSERT OR DELETE OR UPDATE OF user_id, created_at
  ON saved_grants FOR EACH ROW EXECUTE FUNCTION saved_grants_researcher_activity();
