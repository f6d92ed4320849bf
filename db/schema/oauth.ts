import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { projects } from './projects';
import { users } from './users';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Clients registered through RFC 7591; `metadata` keeps the registered fields as echoed back. */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: id(),
    clientId: text('client_id').notNull(),
    // null for public clients (token_endpoint_auth_method "none")
    secretHash: text('secret_hash'),
    authMethod: text('auth_method', { enum: ['none', 'client_secret_post', 'client_secret_basic'] }).notNull(),
    name: text('name'),
    logoUri: text('logo_uri'),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
    grantTypes: jsonb('grant_types').$type<string[]>().notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_clients_client_id_idx').on(t.clientId)],
);

/** A validated authorization request waiting for the user's decision on the consent page. */
export const oauthConsentTickets = pgTable(
  'oauth_consent_tickets',
  {
    id: id(),
    ticketHash: text('ticket_hash').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    // false when the request named no redirect_uri (one registered): the token request then need not
    redirectUriSent: boolean('redirect_uri_sent').notNull().default(true),
    state: text('state'),
    codeChallenge: text('code_challenge').notNull(),
    resource: text('resource').notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_consent_tickets_hash_idx').on(t.ticketHash), index('oauth_consent_tickets_client_id_idx').on(t.clientId)],
);

/** What a user approved: one client acting on one project. The dashboard's "connected app". */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    resource: text('resource').notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
    lastUsedAt: time('last_used_at'),
    revokedAt: time('revoked_at'),
  },
  (t) => [
    index('oauth_grants_client_id_idx').on(t.clientId),
    index('oauth_grants_project_id_idx').on(t.projectId),
    index('oauth_grants_user_id_idx').on(t.userId),
  ],
);

/** Single-use authorization codes; `grantId` is set when the code is exchanged, so a replay can revoke it. */
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    id: id(),
    codeHash: text('code_hash').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    redirectUriSent: boolean('redirect_uri_sent').notNull().default(true),
    codeChallenge: text('code_challenge').notNull(),
    resource: text('resource').notNull(),
    scope: text('scope').notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
    grantId: uuid('grant_id').references(() => oauthGrants.id, { onDelete: 'cascade' }),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_codes_hash_idx').on(t.codeHash),
    index('oauth_codes_client_id_idx').on(t.clientId),
    index('oauth_codes_project_id_idx').on(t.projectId),
    index('oauth_codes_user_id_idx').on(t.userId),
    index('oauth_codes_grant_id_idx').on(t.grantId),
  ],
);

/** One access and refresh token pair; a refresh revokes its pair and issues the next one. */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: id(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    accessHash: text('access_hash').notNull(),
    refreshHash: text('refresh_hash'),
    accessExpiresAt: time('access_expires_at').notNull(),
    refreshExpiresAt: time('refresh_expires_at'),
    revokedAt: time('revoked_at'),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_tokens_access_hash_idx').on(t.accessHash),
    uniqueIndex('oauth_tokens_refresh_hash_idx').on(t.refreshHash),
    index('oauth_tokens_grant_id_idx').on(t.grantId),
  ],
);
