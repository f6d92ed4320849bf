import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { createContext } from '../../context';
import { AppError } from '../../errors';
import { logError } from '../../log';
import { createCaller } from '../../root';
import { confirmationPage, donePage, problemPage } from './unsubscribe-pages';
import { withHeaders } from '../with-headers';

/**
 * `/unsubscribe/<token>`: GET shows the confirmation page; POST unsubscribes, from the page's button or
 * as an RFC 8058 one-click request (`List-Unsubscribe=One-Click`), and answers 200 without a redirect.
 */
export async function handleUnsubscribe(req: Request, token: string): Promise<Response> {
  const resHeaders = new Headers();
  const caller = createCaller(await createContext({ headers: req.headers, resHeaders }));
  try {
    if (req.method === 'POST') return withHeaders(donePage(await caller.unsubscribe.confirm({ token })), resHeaders);
    return withHeaders(confirmationPage(await caller.unsubscribe.describe({ token })), resHeaders);
  } catch (error) {
    const status = error instanceof TRPCError ? getHTTPStatusCodeFromError(error) : 500;
    const cause = error instanceof TRPCError ? error.cause : error;
    if (status === 429) return withHeaders(problemPage(429, 'Too many requests; try again in a minute.'), resHeaders);
    if (status < 500) return problemPage(404, cause instanceof AppError ? cause.message : 'This unsubscribe link is not valid');
    logError('unsubscribe failed', error);
    return problemPage(500, 'Something went wrong; try again later.');
  }
}

