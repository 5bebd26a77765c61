-- users_application_report_keys: an application's PI keys follow the PI (decision 038).
-- Keeps: applications.pi_institution_id and pi_department of a person's applications when their
--   institution or department changes.
-- Owner: applications (the table written; fires on auth's users: decision 014)
-- Triggers: users_application_report_keys, AFTER UPDATE OF institution_id, department ON users,
--   when either changed.
-- TypeScript twin: none
-- Test: apps/server/src/modules/admin/admin.test.ts

CREATE OR REPLACE FUNCTION users_application_report_keys() RETURNS trigger AS $$
BEGIN
  UPDATE applications SET pi_institution_id = NEW.institution_id, pi_department = NEW.department WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER users_application_report_keys AFTER UPDATE OF institution_id, department ON users FOR EACH ROW
  WHEN (OLD.institution_id IS DISTINCT FROM NEW.institution_id OR OLD.department IS DISTINCT FROM NEW.department)
  EXECUTE FUNCTION users_application_report_keys();
