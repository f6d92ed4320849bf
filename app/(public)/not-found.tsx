import { PublicFooter } from './public-header';

/** A public page that is not published (any more, or not yet), in the public pages' own look. */
export default function PublicNotFound() {
  return (
    <>
      <main>
        <h1>This page is not published</h1>
        <p className="pub-meta">It may have been taken down or moved, or the address may be mistyped. Check the link you followed, or the page that sent you here.</p>
      </main>
      <PublicFooter />
    </>
  );
}
