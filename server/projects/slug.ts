import { randomBytes } from 'node:crypto';

/** decisions.md "Public content": lowercase letters, digits and single hyphens, 1-128 characters. */
export const PUBLIC_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PUBLIC_SLUG_MAX = 128;

/** True for a string in the slug format; anything else (a NUL, upper case) names no project, unread. */
export function isSlug(text: string): boolean {
  return text.length <= PUBLIC_SLUG_MAX && PUBLIC_SLUG_PATTERN.test(text);
}

/** A URL-safe slug in the public slug format: lowercase letters, digits and single hyphens. */
export function slugify(text: string, maxLength = 60): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
  return slug || 'project';
}

export function withRandomSuffix(slug: string): string {
  return `${slug}-${randomBytes(3).toString('hex')}`;
}
