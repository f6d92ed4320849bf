'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';

const SECTIONS = [
  { path: '', label: 'Overview' },
  { path: '/commits', label: 'Commits' },
  { path: '/changelogs', label: 'Changelogs' },
  { path: '/posts', label: 'Blog posts' },
  { path: '/kb', label: 'Knowledge base' },
  { path: '/banner', label: 'Banner' },
  { path: '/lists', label: 'Mailing lists' },
  { path: '/emails', label: 'Release emails' },
  { path: '/suppressions', label: 'Suppressions' },
  { path: '/outbox', label: 'Outbox' },
  { path: '/keys', label: 'API keys' },
  { path: '/connected-apps', label: 'Connected apps' },
];

export function ProjectNav({ slug }: { slug: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Project">
      {SECTIONS.map((section) => {
        const href = `/p/${slug}${section.path}`;
        return (
          <Link key={href} href={href} aria-current={pathname === href ? 'page' : undefined}>
            {section.label}
          </Link>
        );
      })}
    </nav>
  );
}
