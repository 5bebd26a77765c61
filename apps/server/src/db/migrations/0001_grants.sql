CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"grant_id" uuid NOT NULL,
	"status" text DEFAULT 'drafting' NOT NULL,
	"amount_requested" bigint,
	"amount_awarded" bigint,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text DEFAULT 'grants.gov' NOT NULL,
	"source_key" text NOT NULL,
	"source_id" text,
	"opportunity_number" text NOT NULL,
	"title" text NOT NULL,
	"agency" text,
	"agency_code" text,
	"description" text,
	"program_title" text,
	"objectives" text,
	"research_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"cfda_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"eligibility_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"eligibility_text" text,
	"category_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"instrument_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"post_date" date,
	"close_date" date,
	"archive_date" date,
	"award_date" date,
	"project_start_date" date,
	"award_ceiling" bigint,
	"award_floor" bigint,
	"total_funding" bigint,
	"expected_awards" integer,
	"cost_sharing" boolean,
	"record_kind" text NOT NULL,
	"status" text NOT NULL,
	"version" integer,
	"last_updated" date,
	"url" text,
	"search_vector" "tsvector",
	"embedding" real[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_grants" (
	"user_id" uuid NOT NULL,
	"grant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_grants_user_id_grant_id_pk" PRIMARY KEY("user_id","grant_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"alert_cadence" text DEFAULT 'none' NOT NULL,
	"last_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_grant_id_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_grants" ADD CONSTRAINT "saved_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_grants" ADD CONSTRAINT "saved_grants_grant_id_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_user_grant_idx" ON "applications" USING btree ("user_id","grant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grants_source_key_idx" ON "grants" USING btree ("source","source_key");--> statement-breakpoint
CREATE INDEX "grants_opportunity_number_idx" ON "grants" USING btree ("opportunity_number");--> statement-breakpoint
CREATE INDEX "grants_close_date_idx" ON "grants" USING btree ("close_date");--> statement-breakpoint
CREATE INDEX "grants_status_idx" ON "grants" USING btree ("status");--> statement-breakpoint
CREATE INDEX "grants_agency_code_idx" ON "grants" USING btree ("agency_code");--> statement-breakpoint
CREATE INDEX "grants_search_vector_idx" ON "grants" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id");