'use client';
import { useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TCommitSettings } from '@/server/commits/schemas';
import { CopyButton } from '../keys/copy-button';

/** How commits arrive: the CLI, the GitHub webhook (secret shown once) and the repository links use. */
export function CommitSources({ projectId, slug, initial }: { projectId: string; slug: string; initial: TCommitSettings }) {
  const [settings, setSettings] = useState(initial);
  const [repository, setRepository] = useState(initial.repository_url ?? '');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const origin = new URL(settings.webhook.payload_url).origin;

  async function run(action: () => Promise<void>) {
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  const saveRepository = () =>
    run(async () => {
      setSettings(await projectTrpc(projectId).commits.setRepository.mutate({ repository_url: repository.trim() || null }));
      setNotice('Repository saved');
    });
  const rotate = () =>
    run(async () => {
      if (settings.webhook.configured && !window.confirm('Make a new secret? Deliveries signed with the old one will be refused.')) return;
      const created = await projectTrpc(projectId).commits.rotateWebhookSecret.mutate();
      setSecret(created.secret);
      setSettings({ ...settings, webhook: { ...settings.webhook, configured: true, secret_created_at: created.secret_created_at } });
    });
  const remove = () =>
    run(async () => {
      if (!window.confirm('Turn the webhook off? GitHub deliveries will be refused.')) return;
      setSettings(await projectTrpc(projectId).commits.removeWebhookSecret.mutate());
      setSecret(null);
    });

  return (
    <div className="card sources" style={{ display: 'grid', gap: 16 }}>
      <div>
        <h3>From your machine</h3>
        <p>With an API key of this project, in your repository:</p>
        <code className="token">SHIPNOTE_TOKEN=service_key_… npm run cli -- commits push --project {slug} --url {origin}</code>
        <p className="muted">Add <code>--since &lt;tag or SHA&gt;</code> to send only newer commits. Sending a commit twice is harmless.</p>
      </div>
      <div>
        <h3>GitHub webhook</h3>
        <p>
          In the repository settings, add a webhook with payload URL <code data-testid="payload-url">{settings.webhook.payload_url}</code>,
          content type <code>application/json</code>, the secret below and the push event. Pushes to the default branch are recorded.
        </p>
        <p className="row">
          <button type="button" className="secondary" onClick={rotate}>{settings.webhook.configured ? 'Make a new secret' : 'Create webhook secret'}</button>
          {settings.webhook.configured && <button type="button" className="danger" onClick={remove}>Turn off</button>}
          <span className="muted">{settings.webhook.configured ? `Secret created ${settings.webhook.secret_created_at?.slice(0, 10)}` : 'Not set up'}</span>
        </p>
        {secret && (
          <div className="notice" role="status">
            <p>Paste this secret into GitHub now. It is shown only once.</p>
            <p className="row"><code className="token" data-testid="webhook-secret">{secret}</code><CopyButton text={secret} /></p>
          </div>
        )}
      </div>
      <form className="row" onSubmit={(e) => { e.preventDefault(); void saveRepository(); }}>
        <label style={{ flex: 1 }}>
          Repository URL (links pull requests, issues and commits)
          <input type="url" value={repository} onChange={(e) => setRepository(e.target.value)} placeholder="https://github.com/owner/name" />
        </label>
        <button type="submit" className="secondary">Save</button>
      </form>
      {notice && <p className="muted" role="status">{notice}</p>}
      {error && <p className="error" role="alert">{error}</p>}
    </div>
  );
}
