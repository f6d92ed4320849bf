import './editor.css';
import Link from 'next/link';
import { LocalTime } from '@/app/local-time';

export interface ContentRow {
  id: string;
  title: string;
  status: 'draft' | 'published';
  updated_at: string;
  public_url: string | null;
  publish_at: string | null;
}

/** The items of one kind: status (with the time of a scheduled publish), last change, and links to edit and to the public page. */
export function ContentTable({ rows, editBase, empty }: { rows: ContentRow[]; editBase: string; empty: string }) {
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>Title</th>
          <th>Status</th>
          <th className="optional">Updated</th>
          <th className="optional">Public page</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td><Link href={`${editBase}/${row.id}`}>{row.title}</Link></td>
            <td>
              <span className={`status ${row.status === 'draft' && row.publish_at ? 'scheduled' : row.status}`}>
                {row.status === 'published' ? 'Published' : row.publish_at ? <>Scheduled for <LocalTime iso={row.publish_at} /></> : 'Draft'}
              </span>
            </td>
            <td className="optional"><LocalTime iso={row.updated_at} /></td>
            <td className="optional">{row.public_url ? <a href={row.public_url}>{new URL(row.public_url).pathname}</a> : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
