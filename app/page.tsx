import Link from 'next/link';
import { redirect } from 'next/navigation';
import { currentUserId } from '@/server/surfaces/web/session';

export default async function HomePage() {
  if (await currentUserId()) redirect('/dashboard');
  return (
    <main>
      <h1>Shipnote</h1>
      <p>
        Publish what your team ships: changelogs, blog posts and help articles generated from your commits, a live
        announcement banner for your site, and release emails to your mailing lists.
      </p>
      <p className="row">
        <Link className="button" href="/signup">Create an account</Link>
        <Link className="button secondary" href="/signin">Sign in</Link>
        <Link href="/docs/api">API reference</Link>
      </p>
    </main>
  );
}
