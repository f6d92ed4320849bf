'use client';
import { useEffect, useState } from 'react';

const QUESTION = 'Leave this page? Your changes are not saved.';

// editors with unsaved changes on this page, and when the user last agreed to leave them
let dirtyEditors = 0;
let leaveAgreedAt = 0;

/**
 * Asks before an editor's changes are lost: on reload, closing the tab or leaving the site (the
 * browser's own prompt), and on the app's links, which navigate without unloading the page.
 * `fields` are the editor's values; `markSaved` takes them as they were sent by a save.
 */
export function useUnsavedChanges(fields: unknown): { markSaved: (saved: unknown) => void } {
  const current = JSON.stringify(fields);
  const [saved, setSaved] = useState(current);
  const dirty = current !== saved;

  useEffect(() => {
    if (!dirty) return;
    dirtyEditors++;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // a leave just agreed to (a link, Sign out) is not asked about twice
      if (Date.now() - leaveAgreedAt < 2_000) return;
      event.preventDefault();
      event.returnValue = ''; // browsers that predate preventDefault here
    };
    // capturing on the document runs before React's handlers, so a declined link never navigates
    const onClick = (event: MouseEvent) => {
      if (appLinkOf(event) && !confirmLeavingUnsaved()) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      dirtyEditors--;
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return { markSaved: (fields) => setSaved(JSON.stringify(fields)) };
}

/** True when nothing unsaved is on the page or the user agrees to lose it: for any way out (Sign out too). */
export function confirmLeavingUnsaved(): boolean {
  if (dirtyEditors === 0) return true;
  if (!window.confirm(QUESTION)) return false;
  leaveAgreedAt = Date.now();
  return true;
}

/** A plain click on a link to another page of this site, in this tab; null for anything else. */
function appLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const to = new URL(link.href);
  if (to.origin !== location.origin) return null; // leaving the site unloads the page: the browser asks
  return to.pathname === location.pathname && to.search === location.search ? null : link;
}
