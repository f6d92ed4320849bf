'use client';
import { useState } from 'react';
import { projectTrpc } from '@/app/trpc-client';
import type { TManagedBlogPost } from '@/server/content/kinds/blog-post-schemas';
import { MarkdownField } from '../_content/markdown-field';
import { PublishBar } from '../_content/publish-bar';
import { EditorHeading } from '../_content/editor-heading';
import { PeriodFields } from '../_content/period-fields';
import { useUnsavedChanges } from '../_content/unsaved-changes';

const TEMPLATE = '# Title of the post\n\nThe opening paragraph, shown in feeds and link previews.\n';

export function BlogPostEditor({ projectId, projectSlug, initial }: { projectId: string; projectSlug: string; initial: TManagedBlogPost | null }) {
  const [item, setItem] = useState(initial);
  const [periodStart, setPeriodStart] = useState(initial?.period_start ?? '');
  const [periodEnd, setPeriodEnd] = useState(initial?.period_end ?? '');
  const [content, setContent] = useState(initial?.content ?? TEMPLATE);
  const { markSaved } = useUnsavedChanges({ periodStart, periodEnd, content });

  async function save() {
    const saved = await projectTrpc(projectId).blogPosts.manage.save.mutate({
      id: item?.id,
      content,
      ...(periodStart && { period_start: periodStart }),
      ...(periodEnd && { period_end: periodEnd }),
    });
    setItem(saved);
    setPeriodStart(saved.period_start);
    setPeriodEnd(saved.period_end);
    // the server fills an empty period in: these are the fields as they now stand
    markSaved({ periodStart: saved.period_start, periodEnd: saved.period_end, content });
    // a new draft gets its own address, so reloading keeps editing it
    if (!item) window.history.replaceState(null, '', `/p/${projectSlug}/posts/${saved.id}`);
    return saved;
  }

  return (
    <>
      <EditorHeading noun="blog post" saved={Boolean(item)} />
      <form className="stack" onSubmit={(e) => e.preventDefault()}>
        <div className="editor-grid">
          <PeriodFields start={periodStart} end={periodEnd} onStart={setPeriodStart} onEnd={setPeriodEnd} />
        </div>
        <MarkdownField label="Content (markdown; the first # heading is the title)" name="content" value={content} onChange={setContent} rows={22} />
        <PublishBar projectId={projectId} kind="blog_post" item={item} save={save} onChange={setItem} />
      </form>
    </>
  );
}
