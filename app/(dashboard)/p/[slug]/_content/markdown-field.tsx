'use client';
import { useEffect, useState } from 'react';
import '@/app/(public)/prose.css';
import { errorMessage, trpc } from '@/app/trpc-client';
import './editor.css';

/** Renders markdown on the server as the public pages will (sanitized), a moment after typing stops. */
export function usePreview(markdown: string): { html: string; error: string | null } {
  const [state, setState] = useState<{ html: string; error: string | null }>({ html: '', error: null });
  useEffect(() => {
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const { html } = await trpc.content.preview.mutate({ markdown });
        if (current) setState({ html, error: null });
      } catch (e) {
        if (current) setState((s) => ({ ...s, error: errorMessage(e) }));
      }
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [markdown]);
  return state;
}

/** A markdown textarea beside its live preview (stacked on phones). */
export function MarkdownField(props: { label: string; value: string; onChange: (value: string) => void; rows?: number; name?: string }) {
  const preview = usePreview(props.value);
  return (
    <div className="md-field">
      <label>
        {props.label}
        <textarea name={props.name} rows={props.rows ?? 18} value={props.value} onChange={(e) => props.onChange(e.target.value)} spellCheck />
      </label>
      <section className="md-preview" aria-label="Preview">
        <span className="md-preview-label">Preview</span>
        {preview.error && <p className="error">{preview.error}</p>}
        <div className="prose" data-testid="preview" dangerouslySetInnerHTML={{ __html: preview.html }} />
      </section>
    </div>
  );
}
