import { randomUUID } from 'node:crypto';
import type { Database } from '@/db/client';
import { createUser } from '@/server/accounts/create-user';
import { createApiToken } from '@/server/api-tokens/create';
import { createProject } from '@/server/projects/create';

export function uniqueEmail(label = 'user') {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

export async function createTestUser(db: Database, overrides: { email?: string; password?: string; first_name?: string } = {}) {
  const password = overrides.password ?? 'correct horse battery';
  const user = await createUser(db, { email: overrides.email ?? uniqueEmail(), password, first_name: overrides.first_name });
  return { ...user, password };
}

/** A new user owning a new project with one API token: the usual caller of a token route. */
export async function createTestProject(db: Database, name = `Project ${randomUUID().slice(0, 6)}`) {
  const user = await createTestUser(db);
  const project = await createProject(db, { name, ownerId: user.id });
  const { token } = await createApiToken(db, { projectId: project.id, userId: user.id, name: 'test' });
  return { user, project, token };
}
