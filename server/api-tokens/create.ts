import type { DbOrTx } from '@/db/client';
import { apiTokens } from '@/db/schema';
import { generateSecret, hashSecret } from '../auth/tokens';
import { API_TOKEN_PREFIX } from '../auth/bearer';
import { toTokenSummary } from './list';

const SHOWN_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6;

/** Creates a token for a project; the plain token is returned this once and only its hash is kept. */
export async function createApiToken(db: DbOrTx, input: { projectId: string; userId: string; name: string }) {
  const token = generateSecret(API_TOKEN_PREFIX);
  const [row] = await db
    .insert(apiTokens)
    .values({
      projectId: input.projectId,
      userId: input.userId,
      name: input.name,
      prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
      tokenHash: hashSecret(token),
    })
    .returning();
  return { ...toTokenSummary(row!), token };
}
