import type { Metadata } from 'next';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Shipnote', template: '%s · Shipnote' },
  description: 'Publish what your team ships: changelogs, blog posts, help articles, a live banner and release emails.',
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
