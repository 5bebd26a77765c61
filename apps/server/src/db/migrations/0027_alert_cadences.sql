ALTER TABLE "saved_searches" ALTER COLUMN "alert_cadence" SET DEFAULT 'off';--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
UPDATE "saved_searches" SET "alert_cadence" = 'off' WHERE "alert_cadence" = 'none';