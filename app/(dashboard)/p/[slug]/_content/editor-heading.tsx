/**
 * "New …" until the item is first saved, "Edit …" from then on: saving a new item only replaces the
 * address (the editor keeps its state), so the heading follows the item here.
 */
export function EditorHeading({ noun, saved }: { noun: string; saved: boolean }) {
  return <h1>{saved ? 'Edit' : 'New'} {noun}</h1>;
}
