-- grants_application_report_keys: an application's grant keys follow the catalogue (decision 038).
-- Keeps: applications.grant_agency and grant_close_date of a grant's applications when the
--   catalogue relabels the grant's agency or moves its close date.
-- Owner: applications (the table written; fires on grants' grants: decision 014)
-- Triggers: grants_application_report_keys, AFTER UPDATE OF agency, close_date ON grants,
--   when either changed.
-- TypeScript twin: none
-- Test: apps/server/src/modules/admin/admin.test.ts

CREATE OR REPLACE FUNCTION grants_application_report_keys() RETURNS trigger AS $$
BEGIN
  UPDATE applications SET grant_agency = NEW.agency, grant_close_date = NEW.close_date WHERE grant_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER grants_application_report_keys AFTER UPDATE OF agency, close_date ON grants FOR EACH ROW
  WHEN (OLD.agency IS DISTINCT FROM NEW.agency OR OLD.close_date IS DISTINCT FROM NEW.close_date)
  EXECUTE FUNCTION grants_application_report_keys();
