ALTER TABLE "mailing_lists" ADD COLUMN "recipients_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The status counters' trigger (0017) also raises the version of each list a statement touched, and now
-- updates the list row even when no count moved (a name or attributes change): a cached recipients page
-- is served only while the version it was read at is still the list's.
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
      recipients_version = m.recipients_version + 1
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
