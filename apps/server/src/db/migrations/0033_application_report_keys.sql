ALTER TABLE "applications" ADD COLUMN "pi_institution_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "pi_department" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "grant_agency" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "grant_close_date" date;--> statement-breakpoint
CREATE INDEX "applications_grant_idx" ON "applications" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "applications_pi_status_idx" ON "applications" USING btree ("pi_institution_id","status");--> statement-breakpoint
CREATE INDEX "applications_pi_awarded_idx" ON "applications" USING btree ("pi_institution_id","awarded_at") WHERE status = 'awarded';--> statement-breakpoint
CREATE INDEX "applications_pi_open_close_idx" ON "applications" USING btree ("pi_institution_id","grant_close_date","id") WHERE status IN ('drafting', 'internal_review', 'submitted', 'under_review');--> statement-breakpoint
CREATE INDEX "applications_pi_updated_idx" ON "applications" USING btree ("pi_institution_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_pi_created_idx" ON "applications" USING btree ("pi_institution_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_pi_submitted_idx" ON "applications" USING btree ("pi_institution_id","submitted_at") WHERE submitted_at IS NOT NULL;--> statement-breakpoint
-- The report keys (decision 038): set from the PI and the grant when an application is written,
-- and followed when the PI's institution or department or the grant's agency or close date changes.
CREATE OR REPLACE FUNCTION application_report_keys() RETURNS trigger AS $$
BEGIN
  SELECT u.institution_id, u.department INTO NEW.pi_institution_id, NEW.pi_department FROM users u WHERE u.id = NEW.user_id;
  SELECT g.agency, g.close_date INTO NEW.grant_agency, NEW.grant_close_date FROM grants g WHERE g.id = NEW.grant_id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER applications_report_keys BEFORE INSERT OR UPDATE OF user_id, grant_id, pi_institution_id, pi_department, grant_agency, grant_close_date
  ON applications FOR EACH ROW EXECUTE FUNCTION application_report_keys();--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_application_report_keys() RETURNS trigger AS $$
BEGIN
  UPDATE applications SET pi_institution_id = NEW.institution_id, pi_department = NEW.department WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER users_application_report_keys AFTER UPDATE OF institution_id, department ON users FOR EACH ROW
  WHEN (OLD.institution_id IS DISTINCT FROM NEW.institution_id OR OLD.department IS DISTINCT FROM NEW.department)
  EXECUTE FUNCTION users_application_report_keys();--> statement-breakpoint
CREATE OR REPLACE FUNCTION grants_application_report_keys() RETURNS trigger AS $$
BEGIN
  UPDATE applications SET grant_agency = NEW.agency, grant_close_date = NEW.close_date WHERE grant_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER grants_application_report_keys AFTER UPDATE OF agency, close_date ON grants FOR EACH ROW
  WHEN (OLD.agency IS DISTINCT FROM NEW.agency OR OLD.close_date IS DISTINCT FROM NEW.close_date)
  EXECUTE FUNCTION grants_application_report_keys();--> statement-breakpoint
-- Fills the keys of the applications already there: writing a key fires applications_report_keys,
-- which sets all four from the PI and the grant.
UPDATE applications SET pi_institution_id = NULL;
