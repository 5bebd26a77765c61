ALTER TABLE "applications" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "applications_pi_declined_idx" ON "applications" USING btree ("pi_institution_id","declined_at") WHERE status = 'rejected';--> statement-breakpoint
-- A report key like those of migration 0033 (decision 038): the day an application was last declined,
-- read from its stage history whenever the key is written (so a forged write is put back) ...
CREATE OR REPLACE FUNCTION application_declined_at() RETURNS trigger AS $$
BEGIN
  NEW.declined_at := (SELECT max(e.created_at) FROM application_events e WHERE e.application_id = NEW.id AND e.to_status = 'rejected');
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER applications_declined_at BEFORE INSERT OR UPDATE OF declined_at
  ON applications FOR EACH ROW EXECUTE FUNCTION application_declined_at();--> statement-breakpoint
-- ... and when a decline enters the history (or, were the history edited, leaves it).
CREATE OR REPLACE FUNCTION events_application_declined_at() RETURNS trigger AS $$
BEGIN
  UPDATE applications SET declined_at = NULL WHERE id = NEW.application_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER events_application_declined_at AFTER INSERT ON application_events FOR EACH ROW
  WHEN (NEW.to_status = 'rejected')
  EXECUTE FUNCTION events_application_declined_at();--> statement-breakpoint
CREATE TRIGGER events_application_declined_at_changed AFTER UPDATE OF to_status, created_at ON application_events FOR EACH ROW
  WHEN (OLD.to_status = 'rejected' OR NEW.to_status = 'rejected')
  EXECUTE FUNCTION events_application_declined_at();--> statement-breakpoint
-- Fills the key of the applications declined already (writing it fires applications_declined_at).
UPDATE applications SET declined_at = NULL WHERE id IN (SELECT application_id FROM application_events WHERE to_status = 'rejected');
