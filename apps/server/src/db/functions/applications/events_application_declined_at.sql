-- events_application_declined_at: a decline entering (or leaving) the stage history.
-- Keeps: applications.declined_at, by writing the key (application_declined_at then reads it
--   from the history) when a decline is recorded, or were the history edited.
-- Owner: applications
-- Triggers: events_application_declined_at, AFTER INSERT ON application_events, for a change to
--   rejected; events_application_declined_at_changed, AFTER UPDATE OF to_status, created_at ON
--   application_events, when the old or new status is rejected.
-- TypeScript twin: none
-- Test: apps/server/src/modules/admin/admin.test.ts

CREATE OR REPLACE FUNCTION events_application_declined_at() RETURNS trigger AS $$
BEGIN
  UPDATE applications SET declined_at = NULL WHERE id = NEW.application_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER events_application_declined_at AFTER INSERT ON application_events FOR EACH ROW
  WHEN (NEW.to_status = 'rejected')
  EXECUTE FUNCTION events_application_declined_at();

CREATE OR REPLACE TRIGGER events_application_declined_at_changed AFTER UPDATE OF to_status, created_at ON application_events FOR EACH ROW
  WHEN (OLD.to_status = 'rejected' OR NEW.to_status = 'rejected')
  EXECUTE FUNCTION events_application_declined_at();
