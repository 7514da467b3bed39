-- The audit's search by object label (docs/decisions/021): a trigram GIN index as in migration pg 0010.
CREATE INDEX "audit_log_label_trgm" ON "audit_log" USING gin (lower("label") gin_trgm_ops);--> statement-breakpoint
ANALYZE "audit_log";
