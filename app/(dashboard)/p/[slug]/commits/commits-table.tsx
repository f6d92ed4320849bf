import type { TCommit } from '@/server/commits/schemas';

/** The window's commits, newest first: day, short SHA (linked when known), first line, author. */
export function CommitsTable({ commits, total }: { commits: TCommit[]; total: number }) {
  return (
    <>
      <table className="commits">
        <thead>
          <tr>
            <th className="optional">Day</th>
            <th>Commit</th>
            <th>Message</th>
            <th className="optional">Author</th>
          </tr>
        </thead>
        <tbody>
          {commits.map((c) => (
            <tr key={c.sha}>
              <td className="optional mono day">{c.authored_at.slice(0, 10)}</td>
              <td className="mono">{c.url ? <a href={c.url} rel="noopener noreferrer">{c.sha.slice(0, 7)}</a> : c.sha.slice(0, 7)}</td>
              <td>{c.message.split('\n')[0]}</td>
              <td className="optional">{c.author_name ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > commits.length && <p className="muted">Showing the newest {commits.length} of {total}.</p>}
    </>
  );
}
