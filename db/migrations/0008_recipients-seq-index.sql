DROP INDEX "recipients_list_seq_idx";--> statement-breakpoint
CREATE INDEX "recipients_list_seq_idx" ON "recipients" USING btree ("list_id","seq");