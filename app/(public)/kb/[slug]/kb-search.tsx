'use client';
import { useMemo, useState } from 'react';
import type { TKbSetPage } from '@/server/content/kinds/kb-set-schemas';

/** The articles by category, filtered as the visitor types (title and body text, every word must match). */
export function KbSearch({ categories }: { categories: TKbSetPage['categories'] }) {
  const [query, setQuery] = useState('');
  const words = useMemo(() => query.toLowerCase().split(/\s+/).filter(Boolean), [query]);
  const matches = (a: { title: string; text: string }) => words.every((w) => `${a.title}\n${a.text}`.toLowerCase().includes(w));
  const visible = categories.map((c) => ({ ...c, articles: c.articles.filter(matches) })).filter((c) => c.articles.length > 0);

  return (
    <>
      <input
        className="kb-search"
        type="search"
        aria-label="Search articles"
        placeholder="Search articles…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {visible.length === 0 && (
        <p className="muted" role="status">{words.length > 0 ? <>No articles match “{query.trim()}”.</> : 'No articles yet.'}</p>
      )}
      {visible.map((category) => (
        <section className="kb-category" key={category.name} aria-label={category.name}>
          <h2>{category.name}</h2>
          {category.articles.map((article) => (
            <details className="kb-article" id={article.anchor} key={article.anchor} open={words.length > 0}>
              <summary>{article.title}</summary>
              {/* sanitized by the one renderer (server/markdown) */}
              <div className="prose" dangerouslySetInnerHTML={{ __html: article.html }} />
              {article.source_url && (
                <p className="kb-source">
                  <a href={article.source_url} rel="nofollow noopener">Original article</a>
                </p>
              )}
            </details>
          ))}
        </section>
      ))}
    </>
  );
}
