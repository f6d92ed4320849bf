import type { Database } from '@/db/client';
import { createUser } from '../../accounts/create-user';
import { findUserByEmail } from '../../accounts/get-user';
import { ZSignUpInput } from '../../accounts/schemas';
import { createApiToken } from '../../api-tokens/create';
import { ZTokenName } from '../../api-tokens/schemas';
import { AppError } from '../../errors';
import { purgeExpired } from '../../maintenance/purge';
import { createProject } from '../../projects/create';
import { getProjectByIdOrSlug } from '../../projects/get';
import { listProjectMembers } from '../../projects/members';
import { ZCreateProjectInput } from '../../projects/schemas';

type Options = Record<string, { type: 'string' }>;
interface Command {
  options: Options;
  run(db: Database, values: Record<string, string | undefined>): Promise<{ text: string; json: unknown }>;
}

export const USAGE = `Usage: npm run cli -- <command> [--json]
  user create --email E --password P [--name N]
  project create --name N --owner E        prints the project id and slug
  token create --project <id or slug> [--name N]   prints the token alone
  purge                                    deletes expired tickets, codes, tokens and links now (the server also does it every 10 minutes)
  commits push --project <slug> [--since <rev>] [--url U] [--token T] [--dir D] [--repo-url R]
                                           sends the local git history to a running server (token: --token or SHIPNOTE_TOKEN)
`;

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (!value) throw new AppError('BAD_REQUEST', `--${name} is required`);
  return value;
}

/** Validates with the same schemas the API uses, so the CLI cannot create what the API would refuse. */
function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } } }, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new AppError('VALIDATION', `${issue.path.join('.') || 'value'}: ${issue.message}`);
}

export const COMMANDS: Record<string, Command> = {
  purge: {
    options: {},
    async run(db) {
      const purged = await purgeExpired(db);
      return { text: Object.entries(purged).map(([what, count]) => `${what}: ${count}`).join('\n'), json: purged };
    },
  },
  'user create': {
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    async run(db, values) {
      const input = parse(ZSignUpInput, { email: required(values, 'email'), password: required(values, 'password'), first_name: values.name });
      const user = await createUser(db, input);
      return { text: user.id, json: user };
    },
  },
  'project create': {
    options: { name: { type: 'string' }, owner: { type: 'string' } },
    async run(db, values) {
      const { name } = parse(ZCreateProjectInput, { name: required(values, 'name') });
      const owner = await findUserByEmail(db, required(values, 'owner'));
      if (!owner) throw new AppError('NOT_FOUND', `No user with email ${values.owner}`);
      const project = await createProject(db, { name, ownerId: owner.id });
      return { text: `${project.id} ${project.slug}`, json: project };
    },
  },
  'token create': {
    options: { project: { type: 'string' }, name: { type: 'string' } },
    async run(db, values) {
      const project = await getProjectByIdOrSlug(db, required(values, 'project'));
      const name = parse(ZTokenName, values.name ?? 'CLI token');
      const ownerId = await projectOwnerId(db, project.id);
      const token = await createApiToken(db, { projectId: project.id, userId: ownerId, name });
      return { text: token.token, json: token };
    },
  },
};

async function projectOwnerId(db: Database, projectId: string): Promise<string> {
  const members = await listProjectMembers(db, projectId);
  const owner = members.find((m) => m.role === 'owner') ?? members[0];
  if (!owner) throw new AppError('BAD_REQUEST', 'The project has no members to own the token');
  return owner.userId;
}
