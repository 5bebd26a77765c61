-- application_report_keys: an application's report keys (decision 038).
-- Keeps: applications.pi_institution_id and pi_department (from the PI's account, users) and
--   grant_agency and grant_close_date (from its grant), set whenever an application is written,
--   so a forged key is put back.
-- Owner: applications (reads auth's users and grants' grants: decision 014)
-- Triggers: applications_report_keys, BEFORE INSERT OR UPDATE OF user_id, grant_id,
--   pi_institution_id, pi_department, grant_agency, grant_close_date ON applications.
-- TypeScript twin: none
-- Test: apps/server/src/modules/admin/admin.test.ts

CREATE OR REPLACE FUNCTION application_report_keys() RETURNS trigger AS $$
BEGIN
  SELECT u.institution_id, u.department INTO NEW.pi_institution_id, NEW.pi_department FROM users u WHERE u.id = NEW.user_id;
  SELECT g.agency, g.close_date INTO NEW.grant_agency, NEW.grant_close_date FROM grants g WHERE g.id = NEW.grant_id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER applications_report_keys BEFORE INSERT OR UPDATE OF user_id, grant_id, pi_institution_id, pi_department, grant_agency, grant_close_date
  ON applications FOR EACH ROW EXECUTE FUNCTION application_report_keys();
