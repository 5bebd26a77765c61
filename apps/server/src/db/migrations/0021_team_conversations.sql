ALTER TABLE "conversations" ADD COLUMN "application_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_application_idx" ON "conversations" USING btree ("application_id");