import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import GitHubProvider from 'next-auth/providers/github';
import { db } from '@/db/client';
import { authenticateUser } from '../../accounts/get-user';
import { findOrCreateOAuthUser } from '../../accounts/oauth-user';

/** next-auth: email and password always; GitHub sign-in when GITHUB_ID and GITHUB_SECRET are set. */
export function authOptions(): NextAuthOptions {
  const providers: NextAuthOptions['providers'] = [
    CredentialsProvider({
      name: 'Email and password',
      credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
      async authorize(credentials) {
        if (!credentials?.email || !credentials.password) return null;
        const user = await authenticateUser(await db(), credentials.email, credentials.password);
        return user ? { id: user.id, email: user.email, name: user.first_name ?? null } : null;
      },
    }),
  ];
  if (process.env.GITHUB_ID && process.env.GITHUB_SECRET) {
    providers.push(
      GitHubProvider({
        clientId: process.env.GITHUB_ID,
        clientSecret: process.env.GITHUB_SECRET,
        authorization: { params: { scope: 'read:user user:email' } },
        // the account's primary address, and whether GitHub verified it: only a verified one may link
        userinfo: { url: 'https://api.github.com/user', request: githubIdentity },
      }),
    );
  }
  return {
    providers,
    session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
    // refusals and OAuth errors land on the sign-in page, which explains them (sign-in-errors.ts)
    pages: { signIn: '/signin', error: '/signin' },
    callbacks: {
      async signIn({ user, account, profile }) {
        if (account?.type !== 'oauth') return true;
        if (!user.email) return false;
        // an OAuth sign-in maps to our own user row, found or created by a verified email
        const emailVerified = (profile as { email_verified?: boolean } | undefined)?.email_verified === true;
        const linked = await findOrCreateOAuthUser(await db(), { email: user.email, emailVerified, name: user.name ?? undefined });
        if (!linked) return '/signin?error=OAuthAccountNotLinked';
        user.id = linked.id;
        return true;
      },
      async jwt({ token, user }) {
        if (user) token.sub = user.id;
        return token;
      },
      async session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.sub } };
      },
    },
  };
}

/** GitHub's /user with the primary address from /user/emails and its verified flag. */
async function githubIdentity({ tokens }: { tokens: { access_token?: string } }) {
  const headers = { Authorization: `Bearer ${tokens.access_token}`, 'User-Agent': 'Shipnote' };
  const profile = (await (await fetch('https://api.github.com/user', { headers })).json()) as Record<string, unknown>;
  const emails = (await (await fetch('https://api.github.com/user/emails', { headers })).json()) as { email: string; primary: boolean; verified: boolean }[];
  const primary = Array.isArray(emails) ? emails.find((e) => e.primary) : undefined;
  return { ...profile, email: primary?.email, email_verified: primary?.verified === true };
}

export function oauthProviderIds(): string[] {
  return process.env.GITHUB_ID && process.env.GITHUB_SECRET ? ['github'] : [];
}
