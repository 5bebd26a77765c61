-- researcher_activity_row: a row's counts in its person's years (decisions 040, 049).
-- Keeps: researcher_activity_years: what an application or a saved grant counts
--   (researcher_activity_facts, by the trigger's table: an application started in the fiscal year
--   it was created, submitted in the year of submitted_at, won in the year of awarded_at while it
--   is awarded, all for its PI; a save in the fiscal year it was saved, for who saved it) is taken
--   away before the row changes or goes, as the table still holds it, and added after it is
--   written, as the table holds it then. The before triggers run after the other before triggers
--   (by name), none of which skips a row.
-- Owner: applications
-- Triggers: applications_researcher_activity_old, BEFORE DELETE OR UPDATE OF user_id, created_at,
--   submitted_at, awarded_at, status ON applications; applications_researcher_activity, AFTER INSERT
--   OR UPDATE OF the same columns (those the facts read) ON applications;
--   saved_grants_researcher_activity_old, BEFORE DELETE OR UPDATE OF user_id, created_at ON
--   saved_grants; saved_grants_researcher_activity, AFTER INSERT OR UPDATE OF user_id, created_at
--   ON saved_grants.
-- TypeScript twin: none; researcher_activity_years_counted counts the same facts from scratch.
-- Test: apps/server/src/modules/admin/activity-years.test.ts

CREATE OR REPLACE FUNCTION researcher_activity_row() RETURNS trigger AS $$
BEGIN
  IF TG_WHEN = 'BEFORE' THEN
    PERFORM researcher_activity_count(TG_TABLE_NAME::text, OLD.user_id, OLD.grant_id, -1);
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  PERFORM researcher_activity_count(TG_TABLE_NAME::text, NEW.user_id, NEW.grant_id, 1);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER applications_researcher_activity_old BEFORE DELETE OR UPDATE OF user_id, created_at, submitted_at, awarded_at, status
  ON applications FOR EACH ROW EXECUTE FUNCTION researcher_activity_row();

CREATE OR REPLACE TRIGGER applications_researcher_activity AFTER INSERT OR UPDATE OF user_id, created_at, submitted_at, awarded_at, status
  ON applications FOR EACH ROW EXECUTE FUNCTION researcher_activity_row();

CREATE OR REPLACE TRIGGER saved_grants_researcher_activity_old BEFORE DELETE OR UPDATE OF user_id, created_at
  ON saved_grants FOR EACH ROW EXECUTE FUNCTION researcher_activity_row();

CREATE OR REPLACE TRIGGER saved_grants_researcher_activity AFTER INSERT OR UPDATE OF user_id, created_at
  ON saved_grants FOR EACH ROW EXECUTE FUNCTION researcher_activity_row();
