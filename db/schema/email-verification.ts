import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { users } from './users';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Links sent to confirm an account's address; only the hash is kept. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_verification_tokens_hash_idx').on(t.tokenHash), index('email_verification_tokens_user_idx').on(t.userId, t.createdAt)],
);

/** Secrets the email domain signs links with, created on first use so every instance shares them. */
export const emailSigningKeys = pgTable('email_signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: time('created_at').notNull().defaultNow(),
});
