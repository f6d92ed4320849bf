'use client';
import { useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TBounceWebhookSettings } from '@/server/suppressions/schemas';
import { PROVIDER_LABEL } from './labels';

const HOW: Record<keyof typeof PROVIDER_LABEL, string> = {
  resend: 'In Resend, add a webhook with this URL and the events email.bounced and email.complained, then paste its signing secret (whsec_…).',
  mailgun: 'In Mailgun, add this URL to the Permanent Failure and Spam Complaints webhooks, then paste the HTTP webhook signing key.',
};

/** Each provider's webhook URL and its signing secret: pasted once, never shown again. */
export function BounceWebhooks({ projectId, initial }: { projectId: string; initial: TBounceWebhookSettings }) {
  const [settings, setSettings] = useState(initial);
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<void>) {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <div className="card" style={{ display: 'grid', gap: 16 }}>
      {settings.providers.map((p) => (
        <section key={p.provider} aria-label={`${PROVIDER_LABEL[p.provider]} webhook`}>
          <h3>{PROVIDER_LABEL[p.provider]}</h3>
          <p>{HOW[p.provider]}</p>
          <p className="wrap-anywhere"><code data-testid={`${p.provider}-url`}>{p.payload_url}</code></p>
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              void run(async () => {
                setSettings(await projectTrpc(projectId).suppressions.webhooks.setSecret.mutate({ provider: p.provider, secret: secrets[p.provider] ?? '' }));
                setSecrets({ ...secrets, [p.provider]: '' });
              });
            }}
          >
            <input type="password" autoComplete="off" aria-label={`${PROVIDER_LABEL[p.provider]} signing secret`} value={secrets[p.provider] ?? ''} onChange={(e) => setSecrets({ ...secrets, [p.provider]: e.target.value })} placeholder="Signing secret" required />
            <button type="submit" className="secondary">{p.configured ? 'Replace secret' : 'Save secret'}</button>
            {p.configured && (
              <button type="button" className="danger" onClick={() => void run(async () => {
                if (!window.confirm(`Turn the ${PROVIDER_LABEL[p.provider]} webhook off? Its deliveries will be refused.`)) return;
                setSettings(await projectTrpc(projectId).suppressions.webhooks.removeSecret.mutate({ provider: p.provider }));
              })}>Turn off</button>
            )}
            <span className="muted">{p.configured ? `Secret set ${p.secret_set_at?.slice(0, 10)}` : 'Not set up'}</span>
          </form>
        </section>
      ))}
      {error && <p className="error" role="alert">{error}</p>}
    </div>
  );
}
