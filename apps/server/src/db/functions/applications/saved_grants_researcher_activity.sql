-- saved_grants_researcher_activity: a saved grant's count in its saver's years (decisions 040, 049).
-- Keeps: researcher_activity_years: what a save counts (researcher_activity_facts: saved in the
--   fiscal year it was saved, for who saved it) is taken away before the row changes or goes (an
--   unsaved grant no longer counts), as the table still holds it, and added after it is written.
--   The before trigger runs after the other before triggers (by name), none of which skips a row.
-- Owner: applications
-- Triggers: saved_grants_researcher_activity_old, BEFORE DELETE OR UPDATE OF user_id, created_at ON
--   saved_grants; saved_grants_researcher_activity, AFTER INSERT OR UPDATE OF user_id, created_at
--   ON saved_grants.
-- TypeScript twin: none; researcher_activity_years_counted counts the same facts from scratch.
-- Test: apps/server/src/modules/admin/activity-years.test.ts

CREATE OR REPLACE FUNCTION saved_grants_researcher_activity() RETURNS trigger AS $$
BEGIN
  IF TG_WHEN = 'BEFORE' THEN
    PERFORM researcher_activity_count('saved_grants', OLD.user_id, OLD.grant_id, -1);
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  PERFORM researcher_activity_count('saved_grants', NEW.user_id, NEW.grant_id, 1);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER saved_grants_researcher_activity_old BEFORE DELETE OR UPDATE OF user_id, created_at
  ON saved_grants FOR EACH ROW EXECUTE FUNCTION saved_grants_researcher_activity();

CREATE OR REPLACE TRIGGER saved_grants_researcher_activity AFTER INSERT OR UPDATE OF user_id, created_at
  ON saved_grants FOR EACH ROW EXECUTE FUNCTION saved_grants_researcher_activity();
