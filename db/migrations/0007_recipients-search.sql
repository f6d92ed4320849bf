-- Case-insensitive substring search of recipients (GET .../recipients?q=) through a trigram index.
-- pg_trgm is a trusted extension; where it cannot be created (no privilege, or PGlite started without
-- it) the search works the same, only without this index.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: recipient search runs without its index';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "recipients_search_trgm_idx" ON "recipients"
      USING gin (("email" || ' ' || coalesce(lower("name"), '') || ' ' || coalesce(lower("external_id"), '')) gin_trgm_ops);
  END IF;
END $$;
