import { db } from '@/db/client';
import { getUser } from '../../accounts/get-user';
import { AppError } from '../../errors';
import { isSameOrigin } from '../http/same-origin';
import { logError } from '../../log';
import { listProjectsForUser } from '../../projects/get';
import { startAuthorization } from '../../oauth/authorize';
import { decideConsent, findPendingConsent } from '../../oauth/consent';
import { consentCsrfToken, csrfTokenMatches } from './csrf';
import { OAuthError } from '../../oauth/errors';
import { readCappedForm } from './entry';
import { CLIENT_IP_HEADER } from '../../context';
import { enforceRateLimit } from '../../rate-limit/enforce';
import { isUnsafeText } from '../body';
import { consentPage, errorPage } from './pages';
import { sessionUserOf } from './session';
import { withHeaders } from '../with-headers';

/**
 * `GET /oauth/authorize` is both the OAuth endpoint (OAuth parameters) and the consent page (`ticket`),
 * as decisions.md "Hosts and URLs" shares the path; `POST` is the consent form's decision.
 */
export async function handleAuthorizeGet(req: Request): Promise<Response> {
  const query = new URL(req.url).searchParams;
  try {
    const ticket = query.get('ticket');
    if (ticket && !query.has('client_id')) return await showConsent(req, ticket);
    // every anonymous authorization request stores a ticket: a budget per address keeps the table small
    const budget = await authorizeBudget(req);
    if (budget.refused) return budget.refused;
    if ([...query].some(([name, value]) => isUnsafeText(name) || isUnsafeText(value))) {
      return withHeaders(errorPage('The request contains characters that are not allowed.'), budget.rateHeaders);
    }
    const outcome = await startAuthorization(await db(), query);
    if (outcome.kind === 'error-page') return withHeaders(errorPage(outcome.message, 400, outcome.returnTo), budget.rateHeaders);
    return withHeaders(redirect(outcome.location, 302), budget.rateHeaders);
  } catch (error) {
    // a session whose user no longer exists
    if (error instanceof AppError && error.code === 'NOT_FOUND') return errorPage('Sign in again, then start the connection again.', 401);
    logError('authorization request failed', error);
    return errorPage('Something went wrong on our side.', 500);
  }
}

async function showConsent(req: Request, ticket: string): Promise<Response> {
  const database = await db();
  const consent = await findPendingConsent(database, ticket);
  if (!consent) return errorPage('This authorization request has expired or was already answered.');
  const userId = await sessionUserOf(req);
  if (!userId) {
    const back = `/oauth/authorize?ticket=${encodeURIComponent(ticket)}`;
    return redirect(`/signin?callbackUrl=${encodeURIComponent(back)}`, 303);
  }
  const [user, projects] = await Promise.all([getUser(database, userId), listProjectsForUser(database, userId)]);
  return consentPage({ consent, ticket, email: user.email, projects, csrf: consentCsrfToken(consent.ticketId, userId) });
}

export async function handleAuthorizePost(req: Request): Promise<Response> {
  try {
    if (!isSameOrigin(req)) return errorPage('This form can only be sent from the Shipnote consent page.', 403);
    const form = await readCappedForm(req);
    const userId = await sessionUserOf(req);
    if (!userId) return errorPage('Your session ended. Sign in and start the connection again.', 401);
    const ticket = form.get('ticket') ?? '';
    const database = await db();
    const consent = await findPendingConsent(database, ticket);
    if (!consent) return errorPage('This authorization request has expired or was already answered.');
    if (!csrfTokenMatches(form.get('csrf_token'), consent.ticketId, userId)) return errorPage('The form is not valid for this session.', 403);
    const decision = form.get('decision');
    if (decision !== 'approve' && decision !== 'deny') return errorPage('Choose Approve or Deny.');
    const location = await decideConsent(database, { ticket, userId, approve: decision === 'approve', projectId: form.get('project_id') });
    if (!location) return errorPage('This authorization request has expired or was already answered.');
    return redirect(location, 303);
  } catch (error) {
    if (error instanceof OAuthError) return errorPage(error.description);
    if (error instanceof AppError && error.code === 'NOT_FOUND') return errorPage('Choose one of your projects.');
    logError('consent decision failed', error);
    return errorPage('Something went wrong on our side.', 500);
  }
}

/** The address's budget: its RateLimit headers, which every answer carries (api-v1.md section 4), or the 429 page. */
async function authorizeBudget(req: Request): Promise<{ refused: Response | null; rateHeaders: Headers }> {
  const rateHeaders = new Headers();
  try {
    await enforceRateLimit({ clientIp: req.headers.get(CLIENT_IP_HEADER) ?? '127.0.0.1', resHeaders: rateHeaders }, 'general');
    return { refused: null, rateHeaders };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
    // a person's browser shows this: a page, not the API's JSON
    const page = errorPage('Too many authorization requests from your address; try again in a minute.', 429);
    return { refused: withHeaders(page, rateHeaders), rateHeaders };
  }
}


function redirect(location: string, status: 302 | 303): Response {
  return new Response(null, { status, headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } });
}
