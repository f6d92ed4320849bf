'use client';
import { useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TConnectedApp } from '@/server/oauth/schemas';
import { LocalTime } from '@/app/local-time';

export function ConnectedApps({ projectId, initialApps }: { projectId: string; initialApps: TConnectedApp[] }) {
  const [apps, setApps] = useState(initialApps);
  const [error, setError] = useState<string | null>(null);

  async function revoke(app: TConnectedApp) {
    if (!window.confirm(`Disconnect "${app.client_name}"? Its next call will fail.`)) return;
    try {
      await projectTrpc(projectId).oauth.revokeApp.mutate({ grantId: app.id });
      setApps((current) => current.filter((a) => a.id !== app.id));
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  if (apps.length === 0) return <p className="muted">No connected apps.</p>;
  return (
    <>
      {error && <p className="error" role="alert">{error}</p>}
      <table>
        <thead>
          <tr>
            <th>App</th>
            <th className="optional">Granted by</th>
            <th>Granted</th>
            <th>Last used</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {apps.map((app) => (
            <tr key={app.id}>
              <td>{app.client_name}</td>
              <td className="optional">{app.granted_by}</td>
              <td><LocalTime iso={app.granted_at} /></td>
              <td>{app.last_used_at ? <LocalTime iso={app.last_used_at} /> : 'Never'}</td>
              <td>
                <button className="danger" type="button" onClick={() => revoke(app)}>Revoke</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
