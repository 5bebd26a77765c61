-- Issue 26: applications and saved_grants kept their researcher-activity counts through two trigger
-- functions that differed only in the table they named. One function, researcher_activity_row()
-- (db/functions/applications/researcher_activity_row.sql), now serves both through TG_TABLE_NAME;
-- that file creates the four triggers again on it after this migration, under the same start-up lock.
DROP TRIGGER IF EXISTS applications_researcher_activity_old ON applications;--> statement-breakpoint
DROP TRIGGER IF EXISTS applications_researcher_activity ON applications;--> statement-breakpoint
DROP TRIGGER IF EXISTS saved_grants_researcher_activity_old ON saved_grants;--> statement-breakpoint
DROP TRIGGER IF EXISTS saved_grants_researcher_activity ON saved_grants;--> statement-breakpoint
DROP FUNCTION IF EXISTS applications_researcher_activity();--> statement-breakpoint
DROP FUNCTION IF EXISTS saved_grants_researcher_activity();
