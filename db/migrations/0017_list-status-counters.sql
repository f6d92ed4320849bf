ALTER TABLE "mailing_lists" ADD COLUMN "active_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_lists" ADD COLUMN "removed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_lists" ADD COLUMN "unsubscribed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each list's recipients per status, kept by statement-level triggers with transition tables: one
-- UPDATE of the list row per statement, whatever the batch size. Writers lock the list row before
-- touching its recipients, so the trigger's update never waits on a lock held the other way round.
UPDATE "mailing_lists" m SET
  "active_count" = c.active, "removed_count" = c.removed, "unsubscribed_count" = c.unsubscribed
FROM (
  SELECT "list_id",
    count(*) FILTER (WHERE "status" = 'active') AS active,
    count(*) FILTER (WHERE "status" = 'removed') AS removed,
    count(*) FILTER (WHERE "status" = 'unsubscribed') AS unsubscribed
  FROM "recipients" GROUP BY "list_id"
) c
WHERE m."id" = c."list_id";
--> statement-breakpoint
-- One function for the three triggers: the rows a statement added count +1 for their list and status,
-- the rows it took away -1 (an UPDATE does both), and each list touched gets one UPDATE of its row.
CREATE FUNCTION "recipients_count_statuses"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      unsubscribed_count = m.unsubscribed_count + c.unsubscribed
    FROM (
      SELECT list_id,
        sum((status = 'active')::int * sign) AS active,
        sum((status = 'removed')::int * sign) AS removed,
        sum((status = 'unsubscribed')::int * sign) AS unsubscribed
      FROM (%s) moves
      GROUP BY list_id
    ) c
    WHERE m.id = c.list_id AND (c.active <> 0 OR c.removed <> 0 OR c.unsubscribed <> 0)
  $sql$, moves);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "recipients_count_inserted" AFTER INSERT ON "recipients"
  REFERENCING NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION "recipients_count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "recipients_count_deleted" AFTER DELETE ON "recipients"
  REFERENCING OLD TABLE AS before_rows FOR EACH STATEMENT EXECUTE FUNCTION "recipients_count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "recipients_count_updated" AFTER UPDATE ON "recipients"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION "recipients_count_statuses"();
