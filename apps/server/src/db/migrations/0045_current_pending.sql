CREATE TABLE "application_effort" (
	"application_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"support_role" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_effort_application_id_user_id_pk" PRIMARY KEY("application_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "application_effort_years" (
	"application_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"person_months" numeric(4, 2) NOT NULL,
	CONSTRAINT "application_effort_years_application_id_user_id_year_pk" PRIMARY KEY("application_id","user_id","year"),
	CONSTRAINT "application_effort_years_months_check" CHECK (person_months >= 0 AND person_months <= 12)
);
--> statement-breakpoint
CREATE TABLE "application_support" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"award_number" text,
	"project_start" date,
	"project_end" date,
	"overlap_statement" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_support_period_check" CHECK (project_start IS NULL OR project_end IS NULL OR project_start <= project_end)
);
--> statement-breakpoint
ALTER TABLE "application_effort" ADD CONSTRAINT "application_effort_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_effort" ADD CONSTRAINT "application_effort_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_effort_years" ADD CONSTRAINT "application_effort_years_application_id_user_id_application_effort_application_id_user_id_fk" FOREIGN KEY ("application_id","user_id") REFERENCES "public"."application_effort"("application_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_support" ADD CONSTRAINT "application_support_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_effort_user_idx" ON "application_effort" USING btree ("user_id");