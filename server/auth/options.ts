import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import GitHubProvider from 'next-auth/providers/github';
import { db } from '@/db/client';
import { authenticateUser } from '../accounts/get-user';
import { findOrCreateOAuthUser } from '../accounts/oauth-user';

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
    providers.push(GitHubProvider({ clientId: process.env.GITHUB_ID, clientSecret: process.env.GITHUB_SECRET }));
  }
  return {
    providers,
    session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: '/signin' },
    callbacks: {
      async signIn({ user, account }) {
        if (account?.type !== 'oauth') return true;
        if (!user.email) return false;
        // an OAuth sign-in maps to our own user row, found or created by email
        user.id = (await findOrCreateOAuthUser(await db(), user.email, user.name ?? undefined)).id;
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

export function oauthProviderIds(): string[] {
  return process.env.GITHUB_ID && process.env.GITHUB_SECRET ? ['github'] : [];
}
