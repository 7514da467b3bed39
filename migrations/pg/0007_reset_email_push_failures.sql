ALTER TABLE "password_resets" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "failures" bigint DEFAULT 0 NOT NULL;