// The bank's page, stood in for: when a call waits on an action (3-D Secure),
// the host shows the action step as a dialog in the bank's place. The shopper
// confirms, fails the bank's check on purpose, or cancels (Escape cancels too);
// the host then tells the session: `actionCompleted` with the result, or a tap
// on the step's close row. The dialog shows only what the session's screen
// shows (masked values, never a secret), and it keeps nothing once closed.

import { word } from './words.js';

const $ = (selector) => document.querySelector(selector);

/** What the shopper answered the bank: `authenticated`, `failed` or `cancel`. */
export async function askBank(waiting, screen) {
  const dialog = $('#challenge');
  $('#challenge-title').textContent = screen?.title ?? word('host.challenge.title');
  const detail = $('#challenge-detail');
  detail.replaceChildren();
  // The step's information rows (what the flow asks the bank page to show: the total).
  for (const row of screen?.rows ?? []) {
    if (row.kind !== 'info') continue;
    const line = document.createElement('p');
    line.className = 'challenge-row';
    line.dataset.row = row.id;
    const title = document.createElement('span');
    title.textContent = row.title;
    const value = document.createElement('strong');
    value.textContent = row.detail || row.value;
    line.append(title, value);
    detail.append(line);
  }
  // The shopper reads titles (the bank's step, the button that paid), never the action's or the call's ids.
  $('#challenge-what').textContent = word('host.challenge.standIn', { step: waiting.stepTitle, call: waiting.submitTitle });
  dialog.returnValue = '';
  dialog.showModal();
  $('#challenge-confirm').focus();
  const answer = await new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue), { once: true });
  });
  detail.replaceChildren();
  // Escape closes the dialog with no value: the shopper left the bank's page.
  return ['authenticated', 'failed'].includes(answer) ? answer : 'cancel';
}
