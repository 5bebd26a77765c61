CREATE TABLE "limited_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"grant_id" uuid NOT NULL,
	"cap" integer NOT NULL,
	"internal_deadline" date NOT NULL,
	"abstract_word_limit" integer NOT NULL,
	"max_pdfs" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limited_pre_proposal_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pre_proposal_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limited_pre_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"abstract" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"application_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limited_reviewers" (
	"call_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limited_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pre_proposal_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"score" integer,
	"comment" text DEFAULT '' NOT NULL,
	"conflict_of_interest" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "limited_calls" ADD CONSTRAINT "limited_calls_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limited_calls" ADD CONSTRAINT "limited_calls_grant_id_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limited_calls" ADD CONSTRAINT "limited_calls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limited_pre_proposal_files" ADD CONSTRAINT "limited_pre_proposal_files_pre_proposal_id_limited_pre_proposals_id_fk" FOREIGN KEY ("pre_proposal_id") REFERENCES "public"."limited_pre_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limited_pre_proposals" ADD CONSTRAINT "limited_pre_proposals_call_id_limited_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."limited_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limited_pre_proposals" ADD CONSTRAINT "limited_pre_proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limited_pre_proposals" ADD CONSTRAINT "limited_pre_proposals_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limited_pre_proposals" ADD CONSTRAINT "limited_pre_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limited_reviewers" ADD CONSTRAINT "limited_reviewers_call_id_limited_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."limited_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limited_reviewers" ADD CONSTRAINT "limited_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limited_reviewers" ADD CONSTRAINT "limited_reviewers_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limited_reviews" ADD CONSTRAINT "limited_reviews_pre_proposal_id_limited_pre_proposals_id_fk" FOREIGN KEY ("pre_proposal_id") REFERENCES "public"."limited_pre_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limited_reviews" ADD CONSTRAINT "limited_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "limited_calls_institution_grant_idx" ON "limited_calls" USING btree ("institution_id","grant_id");--> statement-breakpoint
CREATE INDEX "limited_pre_proposal_files_pre_proposal_idx" ON "limited_pre_proposal_files" USING btree ("pre_proposal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "limited_pre_proposals_call_user_idx" ON "limited_pre_proposals" USING btree ("call_id","user_id");--> statement-breakpoint
CREATE INDEX "limited_pre_proposals_application_idx" ON "limited_pre_proposals" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "limited_reviewers_call_user_idx" ON "limited_reviewers" USING btree ("call_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "limited_reviews_pre_proposal_reviewer_idx" ON "limited_reviews" USING btree ("pre_proposal_id","reviewer_id");