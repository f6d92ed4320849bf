'use client';
import { useState } from 'react';
import { useOneAtATime } from '@/app/one-at-a-time';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TApiTokenSummary } from '@/server/api-tokens/schemas';
import { CopyButton } from './copy-button';
import { LocalTime } from '@/app/local-time';
import { TOKEN_NAME_MAX } from '@/server/api-tokens/schemas';

export function ApiKeys({ projectId, initialKeys }: { projectId: string; initialKeys: TApiTokenSummary[] }) {
  const [keys, setKeys] = useState(initialKeys);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [create, creating] = useOneAtATime(async (form: HTMLFormElement) => {
    setError(null);
    try {
      const key = await projectTrpc(projectId).apiTokens.create.mutate({ name: String(new FormData(form).get('name')) });
      form.reset();
      setCreated({ name: key.name, token: key.token });
      setKeys((current) => [{ ...key }, ...current]);
    } catch (e) {
      setError(errorMessage(e));
    }
  });

  async function revoke(key: TApiTokenSummary) {
    if (!window.confirm(`Revoke "${key.name}"? Calls with it will fail at once.`)) return;
    try {
      await projectTrpc(projectId).apiTokens.revoke.mutate({ tokenId: key.id });
      setKeys((current) => current.filter((k) => k.id !== key.id));
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <>
      {/* onSubmit, not a form action: React shows a form action's state only once it ends */}
      <form
        className="row card"
        onSubmit={(e) => {
          e.preventDefault();
          void create(e.currentTarget);
        }}
      >
        <label style={{ flex: 1 }}>
          Name <input name="name" required maxLength={TOKEN_NAME_MAX} placeholder="CI deploys" />
        </label>
        <button type="submit" disabled={creating}>Create API key</button>
      </form>
      {error && <p className="error" role="alert">{error}</p>}
      {created && (
        <div className="notice" role="status">
          <p>
            <strong>{created.name}</strong>: copy this key now. It is shown only once.
          </p>
          <p className="row">
            <code className="token" data-testid="new-token">{created.token}</code>
            <CopyButton text={created.token} />
          </p>
        </div>
      )}
      <h2>Active keys</h2>
      {keys.length === 0 ? (
        <p className="muted">No API keys yet.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Prefix</th>
                <th className="optional">Created</th>
                <th className="optional">Last used</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <td>{key.name}</td>
                  <td><code>{key.prefix}…</code></td>
                  <td className="optional"><LocalTime iso={key.created_at} /></td>
                  <td className="optional">{key.last_used_at ? <LocalTime iso={key.last_used_at} /> : 'Never'}</td>
                  <td>
                    <button className="danger" type="button" onClick={() => revoke(key)}>Revoke</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
