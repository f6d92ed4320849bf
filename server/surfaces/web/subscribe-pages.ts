import { escapeHtml } from '../../email/html';
import type { TSubscriptionState } from '../../subscriptions/schemas';
import { page } from './unsubscribe-pages';

const what = (s: TSubscriptionState) => `<strong>${escapeHtml(s.list_name)}</strong> from ${escapeHtml(s.project_name)}`;
const back = (projectSlug: string) => `<p class="muted"><a href="/pub/${encodeURIComponent(projectSlug)}">Back to the updates</a></p>`;

/** The answer to every valid form submission, whatever the address's state. */
export function checkEmailPage(projectSlug: string): Response {
  return page(
    'Check your email',
    `<h1>Check your email</h1><p>If the address can be subscribed, we sent it a link. Open it and press the button to confirm; no release email comes before that.</p>${back(projectSlug)}`,
    200,
  );
}

/** GET of the link: asks first, so mail scanners that follow links subscribe nobody. */
export function confirmPage(state: TSubscriptionState): Response {
  if (state.status === 'used') return alreadyConfirmedPage(state);
  return page(
    'Confirm your subscription',
    `<h1>Confirm your subscription</h1><p>Receive the release emails of ${what(state)} at <strong>${escapeHtml(state.email)}</strong>.</p>
<form method="post"><button type="submit">Confirm subscription</button></form>`,
    200,
  );
}

export function confirmedPage(state: TSubscriptionState): Response {
  if (state.status === 'used') return alreadyConfirmedPage(state);
  if (state.status === 'unsubscribed') {
    return page(
      'Not subscribed',
      `<h1>Not subscribed</h1><p><strong>${escapeHtml(state.email)}</strong> unsubscribed from ${what(state)} earlier, and an unsubscribe is never undone from here. Ask ${escapeHtml(state.project_name)} to add you back.</p>${back(state.project_slug)}`,
      200,
    );
  }
  return page(
    'Subscribed',
    `<h1>You are subscribed</h1><p><strong>${escapeHtml(state.email)}</strong> now receives the release emails of ${what(state)}. Every email has a link to unsubscribe.</p>${back(state.project_slug)}`,
    200,
  );
}

/** A link opened again after its button was pressed (another device, a second click); the address is not repeated. */
function alreadyConfirmedPage(state: TSubscriptionState): Response {
  return page(
    'Already confirmed',
    `<h1>Already confirmed</h1><p>This link was already used to confirm a subscription to ${what(state)}, and cannot be used again. If you no longer receive its emails, subscribe again on the project's page.</p>${back(state.project_slug)}`,
    200,
  );
}

export function subscribeProblemPage(status: number, message: string, extra: Record<string, string> = {}): Response {
  return page('Subscribe', `<h1>Subscribe</h1><p>${escapeHtml(message)}</p>`, status, extra);
}
