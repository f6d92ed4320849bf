'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useOneAtATime } from '@/app/one-at-a-time';
import { errorMessage, trpc } from '@/app/trpc-client';
import { PROJECT_NAME_MAX } from '@/server/projects/schemas';

export function NewProjectForm({ callbackUrl }: { callbackUrl: string | null }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  // stays disabled once created, while the browser moves to the project
  const [created, setCreated] = useState(false);

  const [submit, running] = useOneAtATime(async (form: FormData) => {
    setError(null);
    try {
      const project = await trpc.projects.create.mutate({ name: String(form.get('name')) });
      setCreated(true);
      router.push(callbackUrl ?? `/p/${project.slug}/keys`);
      router.refresh();
    } catch (e) {
      setError(errorMessage(e));
    }
  });

  return (
    // onSubmit, not a form action: React shows a form action's state only once it ends, so the button
    // would not turn disabled while the project is being made
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(new FormData(e.currentTarget));
      }}
    >
      <label>
        Project name <input name="name" required maxLength={PROJECT_NAME_MAX} placeholder="Acme web app" />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" disabled={running || created}>Create project</button>
    </form>
  );
}
