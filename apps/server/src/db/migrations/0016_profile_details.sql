ALTER TABLE "education" ADD COLUMN "field" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "authors" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "doi" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;