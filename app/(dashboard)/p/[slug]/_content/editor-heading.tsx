'use client';
import { useEffect } from 'react';

/**
 * "New …" until the item is first saved, "Edit …" from then on: saving a new item only replaces the
 * address (the editor keeps its state), so the heading and the tab's title follow the item here.
 */
export function EditorHeading({ noun, saved }: { noun: string; saved: boolean }) {
  const heading = `${saved ? 'Edit' : 'New'} ${noun}`;
  useEffect(() => {
    if (saved) document.title = `${heading} · Shipnote`;
  }, [saved, heading]);
  return <h1>{heading}</h1>;
}
