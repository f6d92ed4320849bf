/** A page that loaded the banner: a link on the project's own sites, plain text anywhere else. */
export function PageLink({ page }: { page: { url: string; host: string; trusted: boolean } }) {
  if (page.trusted) return <a href={page.url} target="_blank" rel="nofollow noopener noreferrer">{page.url}</a>;
  return <span title="Not one of your sites: shown as text">{page.host}{page.url.startsWith('http') ? new URL(page.url).pathname : ''}</span>;
}
