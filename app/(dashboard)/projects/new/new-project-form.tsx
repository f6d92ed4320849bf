'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { errorMessage, trpc } from '@/app/trpc-client';
import { PROJECT_NAME_MAX } from '@/server/projects/schemas';

export function NewProjectForm({ callbackUrl }: { callbackUrl: string | null }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(form: FormData) {
    setBusy(true);
    setError(null);
    try {
      const project = await trpc.projects.create.mutate({ name: String(form.get('name')) });
      router.push(callbackUrl ?? `/p/${project.slug}/keys`);
      router.refresh();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <form className="stack" action={submit}>
      <label>
        Project name <input name="name" required maxLength={PROJECT_NAME_MAX} placeholder="Acme web app" />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" disabled={busy}>Create project</button>
    </form>
  );
}
