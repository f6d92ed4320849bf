import type { inferRouterOutputs } from '@trpc/server';
import { MIGRATION_HEADING } from '@/server/commits/generate/kb-set';
import type { AppRouter } from '@/server/root';

type KbSetDraft = inferRouterOutputs<AppRouter>['commits']['preview']['kb_set'];

/** The knowledge-base articles the window would give: category and title of each, breaking ones marked. */
export function KbSetPreview({ draft }: { draft: KbSetDraft }) {
  return (
    <section className="card kb-draft" aria-label="Knowledge-base draft">
      <h3>{draft.title}</h3>
      {draft.articles.length === 0 ? (
        <p className="muted">No features or breaking changes in this window, so no articles to draft.</p>
      ) : (
        <ul className="kb-draft-articles">
          {draft.articles.map((article, index) => (
            <li key={index}>
              <span className="muted">{article.category}</span> {article.title}
              {article.body.includes(MIGRATION_HEADING) && <span className="status breaking">migration notes</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
