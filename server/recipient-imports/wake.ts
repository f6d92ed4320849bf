/** Wakes this process's import worker so a started import runs at once instead of at the next poll. */
export function wakeImportWorker() {
  globalThis.__shipnoteImportWorker?.wake();
}

declare global {
  var __shipnoteImportWorker: { wake(): void } | undefined;
}
