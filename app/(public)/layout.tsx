import './prose.css';
import './public.css';

/** Public pages of published content: no dashboard chrome, readable on phones and desktops. */
export default function PublicLayout({ children }: { children: React.ReactNode }) {
  return <div className="pub">{children}</div>;
}
