-- users_saved_grant_report_keys: a saved grant's keys follow who saved it (decision 038).
-- Keeps: saved_grants.saver_institution_id, saver_department and saver_active of a person's
--   saves when their institution, department or account status changes.
-- Owner: applications (the table written; fires on auth's users: decision 014)
-- Triggers: users_saved_grant_report_keys, AFTER UPDATE OF institution_id, department, status
--   ON users, when any of them changed.
-- TypeScript twin: none
-- Test: apps/server/src/modules/admin/admin.test.ts

CREATE OR REPLACE FUNCTION users_saved_grant_report_keys() RETURNS trigger AS $$
BEGIN
  UPDATE saved_grants SET saver_institution_id = NEW.institution_id, saver_department = NEW.department,
    saver_active = NEW.status = 'active' WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER users_saved_grant_report_keys AFTER UPDATE OF institution_id, department, status ON users FOR EACH ROW
  WHEN (OLD.institution_id IS DISTINCT FROM NEW.institution_id OR OLD.department IS DISTINCT FROM NEW.department
    OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION users_saved_grant_report_keys();
