-- application_declined_at: when an application was declined (decision 038).
-- Keeps: applications.declined_at: the time of its latest stage change to rejected, read from its
--   stage history (application_events) whenever the key is written, so a forged write is put back.
-- Owner: applications
-- Triggers: applications_declined_at, BEFORE INSERT OR UPDATE OF declined_at ON applications.
-- TypeScript twin: none
-- Test: apps/server/src/modules/admin/admin.test.ts

CREATE OR REPLACE FUNCTION application_declined_at() RETURNS trigger AS $$
BEGIN
  NEW.declined_at := (SELECT max(e.created_at) FROM application_events e WHERE e.application_id = NEW.id AND e.to_status = 'rejected');
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER applications_declined_at BEFORE INSERT OR UPDATE OF declined_at
  ON applications FOR EACH ROW EXECUTE FUNCTION application_declined_at();
