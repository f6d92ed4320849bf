import type { SourceCommit } from '../generate/schemas';

let clock = Date.UTC(2025, 2, 1, 9, 0, 0);

function commit(sha: string, message: string, author_name: string | null = 'Ada Lovelace', url: string | null = null): SourceCommit {
  clock += 3_600_000;
  return { sha: sha.padEnd(40, '0'), message, author_name, authored_at: new Date(clock).toISOString(), url };
}

/** A month of a small project's history in March 2025, oldest first, touching every grouping rule. */
export const MARCH_2025: SourceCommit[] = [
  commit('a1', 'feat(api): add webhooks for pushes (#12)', 'Ada Lovelace', 'https://github.com/acme/web/commit/a1' + '0'.repeat(38)),
  commit('a2', 'fix(ui): keep the sidebar open on reload\n\nCloses #40, #41'),
  commit('a3', 'feat!: drop the v0 endpoints\n\nThe v0 routes were deprecated a year ago.', 'Grace Hopper'),
  commit('a4', 'refactor(db): split the schema into files\n\nBREAKING CHANGE: the `schema.ts` module moved;\nimport from `db/schema` instead.\nReviewed-by: Linus'),
  commit('a5', 'perf(search): cache tokenized queries'),
  commit('a6', 'chore(deps): bump marked to 18', 'dependabot[bot]'),
  commit('a7', 'ci: run the e2e suite on PostgreSQL'),
  commit('a8', 'test(api): cover webhook signatures'),
  commit('a9', 'Merge pull request #13 from acme/sidebar\n\nKeep the sidebar open', 'Grace Hopper'),
  commit('b1', 'feat(ui): dark mode'),
  commit('b2', 'Revert "feat(ui): dark mode"\n\nThis reverts commit b1' + '0'.repeat(38) + '.'),
  commit('b3', 'revert: fix(auth): refresh tokens early\n\nThis reverts commit 0ff1ce5.', 'Grace Hopper'),
  commit('b4', 'Update README with the new install steps'),
  commit('b5', 'docs: explain the banner limits'),
  commit('b6', 'fix: handle <script> tags and [links] in *titles*', 'Margaret Hamilton'),
  commit('b7', 'feat(api): list commits (#15)\n\nRefs #9', 'Margaret Hamilton'),
  commit('b8', "Merge branch 'main' into release", 'Grace Hopper'),
];
