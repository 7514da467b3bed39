ALTER TABLE "events" ADD COLUMN "kind" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "events" SET "kind" = coalesce("effect"::json->>'type', '');--> statement-breakpoint
CREATE INDEX "events_waiting" ON "events" USING btree ("kind","created_at","done_at") WHERE done_at is null;