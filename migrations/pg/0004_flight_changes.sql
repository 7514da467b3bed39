CREATE TABLE "flight_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"flight_id" text NOT NULL,
	"departure_time" text NOT NULL,
	"arrival_time" text NOT NULL,
	"changed_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flight_changes" ADD CONSTRAINT "flight_changes_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "flight_changes_flight" ON "flight_changes" USING btree ("flight_id","changed_at");