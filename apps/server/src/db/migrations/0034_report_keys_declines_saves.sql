DROP INDEX "application_events_rejected_idx";--> statement-breakpoint
DROP INDEX "applications_awarded_at_idx";--> statement-breakpoint
DROP INDEX "applications_created_at_idx";--> statement-breakpoint
DROP INDEX "applications_submitted_at_idx";--> statement-breakpoint
DROP INDEX "applications_updated_at_id_idx";--> statement-breakpoint
DROP INDEX "applications_pi_status_idx";--> statement-breakpoint
DROP INDEX "applications_pi_awarded_idx";--> statement-breakpoint
DROP INDEX "applications_pi_updated_idx";--> statement-breakpoint
DROP INDEX "applications_pi_created_idx";--> statement-breakpoint
DROP INDEX "applications_pi_submitted_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_grants" ADD COLUMN "saver_institution_id" uuid;--> statement-breakpoint
ALTER TABLE "saved_grants" ADD COLUMN "saver_department" text;--> statement-breakpoint
ALTER TABLE "saved_grants" ADD COLUMN "saver_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_pi_declined_idx" ON "applications" USING btree ("pi_institution_id","declined_at","pi_department") WHERE status = 'rejected';--> statement-breakpoint
CREATE INDEX "saved_grants_saver_idx" ON "saved_grants" USING btree ("saver_institution_id","grant_id","saver_department","created_at") WHERE saver_active;--> statement-breakpoint
CREATE INDEX "applications_pi_status_idx" ON "applications" USING btree ("pi_institution_id","status","updated_at","created_at","pi_department");--> statement-breakpoint
CREATE INDEX "applications_pi_awarded_idx" ON "applications" USING btree ("pi_institution_id","awarded_at","pi_department","grant_agency","amount_awarded","user_id","grant_close_date","id") WHERE status = 'awarded';--> statement-breakpoint
CREATE INDEX "applications_pi_updated_idx" ON "applications" USING btree ("pi_institution_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST,"created_at","status","pi_department");--> statement-breakpoint
CREATE INDEX "applications_pi_created_idx" ON "applications" USING btree ("pi_institution_id","created_at","pi_department","user_id");--> statement-breakpoint
CREATE INDEX "applications_pi_submitted_idx" ON "applications" USING btree ("pi_institution_id","submitted_at","pi_department","user_id") WHERE submitted_at IS NOT NULL;--> statement-breakpoint
-- Report keys like those of migration 0033 (decision 038). An application's decline: the day it was last
-- declined, read from its stage history whenever the key is written (so a forged write is put back) ...
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
--> statement-breakpoint
-- A saved grant's: the institution and department of who saved it, and whether that account is active,
-- set when it is saved (a forged write is put back) and followed when the person's account changes.
CREATE OR REPLACE FUNCTION saved_grant_report_keys() RETURNS trigger AS $$
BEGIN
  SELECT u.institution_id, u.department, u.status = 'active' INTO NEW.saver_institution_id, NEW.saver_department, NEW.saver_active
  FROM users u WHERE u.id = NEW.user_id;
  NEW.saver_active := coalesce(NEW.saver_active, false);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER saved_grants_report_keys BEFORE INSERT OR UPDATE OF user_id, saver_institution_id, saver_department, saver_active
  ON saved_grants FOR EACH ROW EXECUTE FUNCTION saved_grant_report_keys();--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_saved_grant_report_keys() RETURNS trigger AS $$
BEGIN
  UPDATE saved_grants SET saver_institution_id = NEW.institution_id, saver_department = NEW.department,
    saver_active = NEW.status = 'active' WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER users_saved_grant_report_keys AFTER UPDATE OF institution_id, department, status ON users FOR EACH ROW
  WHEN (OLD.institution_id IS DISTINCT FROM NEW.institution_id OR OLD.department IS DISTINCT FROM NEW.department
    OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION users_saved_grant_report_keys();--> statement-breakpoint
-- Fills the keys of the grants saved already (writing one fires saved_grants_report_keys).
UPDATE saved_grants SET saver_institution_id = NULL;
