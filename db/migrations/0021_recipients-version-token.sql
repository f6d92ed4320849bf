-- A list's recipients_version becomes a random token instead of a count: after a failover to a standby
-- that lost the last commits, or a restore under running instances, a count would reach an old number
-- again with other rows behind it, and a page cached at that number would be served. Pages are compared
-- by equality only, so nothing needs the numbers to grow (2^52 keeps them exact as float8).
CREATE OR REPLACE FUNCTION "recipients_count_statuses"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT list_id, status, 1 AS sign FROM after_rows'
    WHEN 'DELETE' THEN 'SELECT list_id, status, -1 AS sign FROM before_rows'
    ELSE 'SELECT list_id, status, 1 AS sign FROM after_rows UNION ALL SELECT list_id, status, -1 FROM before_rows'
  END;
BEGIN
  EXECUTE format($sql$
    UPDATE mailing_lists m SET
      active_count = m.active_count + c.active,
      removed_count = m.removed_count + c.removed,
      unsubscribed_count = m.unsubscribed_count + c.unsubscribed,
      recipients_version = (random() * 4503599627370496)::bigint
    FROM (
      SELECT list_id,
        sum((status = 'active')::int * sign) AS active,
        sum((status = 'removed')::int * sign) AS removed,
        sum((status = 'unsubscribed')::int * sign) AS unsubscribed
      FROM (%s) moves
      GROUP BY list_id
    ) c
    WHERE m.id = c.list_id
  $sql$, moves);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- TRUNCATE fires no row or transition-table trigger: an operator clearing the table left every count
-- and version as they were. It empties every list at once, so every list's counts go to zero.
CREATE FUNCTION "recipients_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE mailing_lists SET active_count = 0, removed_count = 0, unsubscribed_count = 0,
    recipients_version = (random() * 4503599627370496)::bigint;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "recipients_truncated" AFTER TRUNCATE ON "recipients"
  FOR EACH STATEMENT EXECUTE FUNCTION "recipients_truncated"();
