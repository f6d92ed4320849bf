import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { createContext } from '../../context';
import { AppError } from '../../errors';
import { logError } from '../../log';
import { createCaller } from '../../root';
import { BodyTooLarge, readText } from '../body';
import { isSameOrigin } from '../http/same-origin';
import { checkEmailPage, confirmedPage, confirmPage, subscribeProblemPage } from './subscribe-pages';
import { withHeaders } from '../with-headers';

/** A form post carries one address: anything bigger is not our form. */
const MAX_FORM_BYTES = 4 * 1024;

/**
 * `POST /pub/<project>/subscribe`: the public pages' form and the embeddable one (a plain HTML form on
 * any site, so no origin check). The same procedure as `POST /api/v1/subscribe`, answered with a page.
 */
export async function handleSubscribeForm(req: Request, projectSlug: string): Promise<Response> {
  const resHeaders = new Headers();
  try {
    const form = new URLSearchParams(await readText(req, MAX_FORM_BYTES));
    const caller = createCaller(await createContext({ headers: req.headers, resHeaders }));
    await caller.subscriptions.subscribe({ project: projectSlug, email: form.get('email') ?? '' });
    return withHeaders(checkEmailPage(projectSlug), resHeaders);
  } catch (error) {
    if (error instanceof BodyTooLarge) return subscribeProblemPage(413, 'This form sends one email address.');
    return problemFor(error, resHeaders, 'This project has no subscribe form.');
  }
}

/**
 * `/subscribe/confirm/<token>`, the link of the confirmation email: GET shows a button and changes
 * nothing; only the button's POST, from this page (same origin), confirms.
 */
export async function handleSubscriptionConfirm(req: Request, token: string): Promise<Response> {
  const resHeaders = new Headers();
  if (token.length > 200) return subscribeProblemPage(404, 'This confirmation link is not valid any more.');
  try {
    const caller = createCaller(await createContext({ headers: req.headers, resHeaders }));
    if (req.method !== 'POST') return withHeaders(confirmPage(await caller.subscriptions.describe({ token })), resHeaders);
    if (!fromThisPage(req)) return subscribeProblemPage(403, 'Open the link of the email and press the button on its page.');
    return withHeaders(confirmedPage(await caller.subscriptions.confirm({ token })), resHeaders);
  } catch (error) {
    return problemFor(error, resHeaders, 'This confirmation link is not valid any more.');
  }
}

/**
 * The page sends no Referer (its URL is a credential), so its form's Origin is `null`; browsers still
 * say `Sec-Fetch-Site: same-origin`, which no page can forge.
 */
function fromThisPage(req: Request): boolean {
  return isSameOrigin(req) || req.headers.get('sec-fetch-site') === 'same-origin';
}

function problemFor(error: unknown, resHeaders: Headers, notFound: string): Response {
  const status = error instanceof TRPCError ? getHTTPStatusCodeFromError(error) : 500;
  const cause = error instanceof TRPCError ? error.cause : undefined;
  const message = cause instanceof AppError ? cause.message : undefined;
  if (status === 429) return withHeaders(subscribeProblemPage(429, 'Too many requests; try again in a minute.'), resHeaders);
  if (status === 404) return subscribeProblemPage(404, message ?? notFound);
  if (status === 400 && cause instanceof AppError && cause.code === 'LIMIT') {
    return subscribeProblemPage(409, 'This list is full right now. Your link keeps working until it expires: try again later.');
  }
  if (status < 500) return subscribeProblemPage(422, 'Enter a valid email address.');
  logError('subscription page failed', error);
  return subscribeProblemPage(500, 'Something went wrong; try again later.');
}

