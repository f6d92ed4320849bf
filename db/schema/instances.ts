import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Secrets every instance must agree on (the session secret when NEXTAUTH_SECRET is unset), created by
 * the first instance that needs one; the others read it.
 */
export const sharedSecrets = pgTable('shared_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: time('created_at').notNull().defaultNow(),
});

/** Fixed-window budgets shared by every instance (SMTP release emails per minute), one row each. */
export const emailBudget = pgTable('email_budget', {
  name: text('name').primaryKey(),
  windowStart: time('window_start').notNull(),
  used: integer('used').notNull(),
  updatedAt: time('updated_at').notNull().defaultNow(),
});
