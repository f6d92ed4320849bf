'use client';
import { useRouter } from 'next/navigation';

export function ProjectSwitcher({ current, projects }: { current: string; projects: { slug: string; name: string }[] }) {
  const router = useRouter();
  return (
    <select
      aria-label="Project"
      value={current}
      onChange={(e) => router.push(e.target.value === '+new' ? '/projects/new' : `/p/${e.target.value}`)}
    >
      {projects.map((p) => (
        <option key={p.slug} value={p.slug}>{p.name}</option>
      ))}
      <option value="+new">+ New project…</option>
    </select>
  );
}
