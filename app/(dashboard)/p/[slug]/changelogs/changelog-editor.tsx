'use client';
import { CONTENT_LIMITS } from '@/server/content/limits';
import { useState } from 'react';
import { projectTrpc } from '@/app/trpc-client';
import type { TManagedChangelog } from '@/server/content/kinds/changelog-schemas';
import { MarkdownField } from '../_content/markdown-field';
import { PublishBar } from '../_content/publish-bar';
import { EditorHeading } from '../_content/editor-heading';
import { PeriodFields } from '../_content/period-fields';
import { useUnsavedChanges } from '../_content/unsaved-changes';

const TEMPLATE = '## Added\n\n- \n\n## Fixed\n\n- \n';

export function ChangelogEditor({ projectId, projectSlug, initial }: { projectId: string; projectSlug: string; initial: TManagedChangelog | null }) {
  const [item, setItem] = useState(initial);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [version, setVersion] = useState(initial?.version ?? '');
  const [periodStart, setPeriodStart] = useState(initial?.period_start ?? '');
  const [periodEnd, setPeriodEnd] = useState(initial?.period_end ?? '');
  const [content, setContent] = useState(initial?.content ?? TEMPLATE);
  const fields = { title, version, periodStart, periodEnd, content };
  const { markSaved } = useUnsavedChanges(fields);

  async function save() {
    const sent = fields;
    const saved = await projectTrpc(projectId).changelogs.manage.save.mutate({
      id: item?.id,
      title,
      content,
      version: version.trim() || null,
      period_start: periodStart || null,
      period_end: periodEnd || null,
    });
    setItem(saved);
    markSaved(sent);
    // a new draft gets its own address, so reloading keeps editing it
    if (!item) window.history.replaceState(null, '', `/p/${projectSlug}/changelogs/${saved.id}`);
    return saved;
  }

  return (
    <>
      <EditorHeading noun="changelog" saved={Boolean(item)} />
      <form className="stack" onSubmit={(e) => e.preventDefault()}>
        <div className="editor-grid">
          <label style={{ gridColumn: 'span 2' }}>
            Title <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={CONTENT_LIMITS.title} placeholder="Faster exports and dark mode" />
          </label>
          <label>
            Version <input value={version} onChange={(e) => setVersion(e.target.value)} maxLength={CONTENT_LIMITS.version} placeholder="1.4.0" />
          </label>
          <PeriodFields start={periodStart} end={periodEnd} onStart={setPeriodStart} onEnd={setPeriodEnd} />
        </div>
        <MarkdownField label="Content (markdown)" name="content" value={content} onChange={setContent} />
        <p className="muted">Each list item under a <code>## Heading</code> becomes one entry of the RSS feed, with the heading as its category.</p>
        <PublishBar projectId={projectId} kind="changelog" item={item} save={save} onChange={setItem} />
      </form>
    </>
  );
}
