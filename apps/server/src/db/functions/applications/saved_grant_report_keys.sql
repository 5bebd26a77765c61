-- saved_grant_report_keys: a saved grant's report keys (decision 038).
-- Keeps: saved_grants.saver_institution_id, saver_department and saver_active (whether the
--   account of who saved it is active), from users, set whenever a save is written, so a forged
--   write is put back.
-- Owner: applications (reads auth's users: decision 014)
-- Triggers: saved_grants_report_keys, BEFORE INSERT OR UPDATE OF user_id, saver_institution_id,
--   saver_department, saver_active ON saved_grants.
-- TypeScript twin: none
-- Test: apps/server/src/modules/admin/admin.test.ts

CREATE OR REPLACE FUNCTION saved_grant_report_keys() RETURNS trigger AS $$
BEGIN
  SELECT u.institution_id, u.department, u.status = 'active' INTO NEW.saver_institution_id, NEW.saver_department, NEW.saver_active
  FROM users u WHERE u.id = NEW.user_id;
  NEW.saver_active := coalesce(NEW.saver_active, false);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER saved_grants_report_keys BEFORE INSERT OR UPDATE OF user_id, saver_institution_id, saver_department, saver_active
  ON saved_grants FOR EACH ROW EXECUTE FUNCTION saved_grant_report_keys();
