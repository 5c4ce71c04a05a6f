// The host: picks a flow, creates (or reloads) a session, draws its screen, and
// does what each effect says, as a native app would: performs every navigation
// command and reports `appeared` when its transition has ended, shows an offer
// as a dialog, a route in progress as a banner, focuses the row a route reaches,
// and shows the action a call waits on as the flow's own step (3-D Secure also
// as the bank's dialog).
// The browser's back button sends `back`. The session lives on the server: the
// URL holds only its id (?session=…), so a reload, or a server restart with the
// PostgreSQL store, picks it up where it was. The language picker offers the
// flow's languages, defaulting to the browser's (navigator.languages), else the
// flow's default; choosing another changes the session's language in place
// (nothing entered is lost). The page's own
// words (dialogs, banners, problems) come with the session, in its language
// (words.js); the developer's panes (the flow's picture, the effects) stay English.

import * as api from './api.js';
import { askBank } from './challenge.js';
import { GraphPanel } from './graph.js';
import { NavigationView, parseState } from './navigation.js';
import { showLanguage, wordsDirection, wordsLanguage } from './language.js';
import { renderScreen } from './screen.js';
import { closeRowsOf, useSteps } from './steps.js';
import { haveLabels, isShopperNotice, useLabels, word } from './words.js';

const $ = (selector) => document.querySelector(selector);

/** What tests and curious people can read: transitions, events sent (never values), whether the host is idle. */
const host = (window.checkoutHost = {
  transitions: [], events: [], banners: [], busy: 0,
  get idle() { return this.busy === 0; },
});

let session = null;  // {id, flow, locale, version}
let flowList = [];  // GET /flows: [{id, title, steps, locales}]
let titles = new Map();  // step id -> title
let maxLengths = new Map();  // step id -> {row id: most characters}, from the rows' maxLength rules
let backWanted = false;  // the back button was pressed while the host was busy
let guardArmed = false;  // a history entry the back button can pop
let actionAsked = false;  // a call answered that the shopper must do an action first
let screenShown = null;  // the last screen the session sent
let migrationNoticed = null;  // the last migration the shopper was told of (noticeMigration)

const graph = new GraphPanel($('#graph'));
const nav = new NavigationView($('#stage'), (step) => titles.get(step) ?? step, (transition) => {
  host.transitions.push(transition);
});

// One thing at a time: an event, its answer and every transition it starts.
let queue = Promise.resolve();
function enqueue(work) {
  host.busy += 1;
  queue = queue.then(work).catch(showProblem).finally(() => {
    host.busy -= 1;
    if (host.busy === 0 && backWanted) {
      backWanted = false;
      enqueue(goBack);
    }
  });
  return queue;
}

function log(text, kind = 'effect') {
  const item = document.createElement('li');
  item.className = kind;
  item.textContent = text;
  $('#log').prepend(item);
  while ($('#log').children.length > 60) $('#log').lastElementChild.remove();
}

/** A problem in the shopper's words; what went wrong, in the developer's, goes to the log. */
function showProblem(error) {
  const box = $('#problem');
  box.hidden = false;
  box.textContent = problemWords(error);
  box.dataset.code = error?.code ?? '';  // for the developer and the checks; the shopper reads no code
  if (!error?.words) log(`problem: ${error?.message ?? String(error)}`, 'host');
  if (error?.code === 'stale_version') {
    // The latest state, then what the shopper typed, sent again on it (setValue's afterReload).
    enqueue(async () => {
      await reload();
      error.afterReload?.();
    });
  }
}

function problemWords(error) {
  if (error?.words) return error.words;
  if (!haveLabels()) return error?.message ?? String(error);  // before any session: no words to say it in
  if (!(error instanceof api.ApiError)) return word('host.problem.other');
  if (error.code === 'no_answer') return word('host.problem.noAnswer');
  if (error.status === 503) return word('host.problem.unavailable');
  if (error.code === 'stale_version') return word('host.problem.staleVersion');
  // The session's secret is not in this browser any more, or the session is gone;
  // or a deploy left it on a flow version (410 flow_changed) or a flow (410
  // flow_gone) this server does not serve: either way a new checkout is the way on.
  if (error.code === 'unknown_session' || error.status === 410) {
    return word('host.problem.sessionGone', { newCheckout: word('host.newCheckout') });
  }
  if (error.code === 'value_too_large') return word('host.problem.tooLong', { row: rowTitle(error.row) });
  // A refused event's detail is the engine's message, in the session's language;
  // so is a card number refused in a free-text row (host.problem.cardNumber), a
  // control character pasted into one (host.problem.controlCharacter) and a value
  // that would make the session's entries too long (host.problem.tooMuchText).
  if (error.refusal || ['card_number_in_text', 'control_character', 'session_too_large'].includes(error.code)) {
    return word('host.problem.refused', { reason: error.message });
  }
  return word('host.problem.other');
}

/** A row's title on the screen shown (its id when it is not there). */
function rowTitle(row) {
  return screenShown?.rows?.find((candidate) => candidate.id === row)?.title ?? row ?? '';
}

/** What the problem line says to the shopper for a refused, unresolved or cancelled effect. */
function effectWords(effect) {
  switch (effect.kind) {
    case 'refused': return word('host.problem.refused', { reason: effect.reason });
    case 'unresolved': return word('host.problem.unresolved');  // its code goes to the effects log only
    default: return word('host.problem.routeCancelled');
  }
}

function clearProblem() {
  $('#problem').hidden = true;
  $('#problem').textContent = '';
}

/**
 * The kinds of migration change the shopper does not see: a step, row or key
 * renamed (the same place and values under new ids), the focus dropped. Any other
 * (moved back a step, a sheet closed, a 3-D Secure call cancelled, a value
 * dropped or now refused, an offer gone) changes what the shopper sees.
 */
const unseenChanges = new Set(['renamedStep', 'renamedRow', 'renamedKey', 'droppedFocus']);

/**
 * An answer's `migration` (the session was carried to a new version of its flow
 * by a deploy) is English data for an operator; the shopper is told, in their
 * language, only when it changed what they see.
 */
function noticeMigration(migration) {
  if (!migration) return;
  // A GET shows a migration without saving it, so the next event's answer carries
  // the same one again: the shopper is told once.
  const which = `${session.id} ${migration.fromFingerprint} ${migration.toFingerprint}`;
  if (which === migrationNoticed) return;
  migrationNoticed = which;
  const kinds = (migration.changes ?? []).map((change) => change.kind);
  log(`session carried to ${migration.flow} v${migration.toVersion ?? '?'}: ${kinds.join(', ') || 'nothing to change'}`, 'host');
  if (kinds.some((kind) => !unseenChanges.has(kind))) showNotice(word('host.notice.updated'));
}

/** A notice for the shopper (a call cancelled), shown until the shopper does something else. */
function showNotice(message) {
  $('#notice').hidden = false;
  $('#notice').textContent = message;
}

function clearNotice() {
  $('#notice').hidden = true;
  $('#notice').textContent = '';
}

function describe(effect) {
  switch (effect.kind) {
    case 'navigate': return `navigate ${effect.command}`;
    case 'callAPI': {
      const outcome = effect.outcome;
      if (outcome.status === 'failed') return `${effect.operation} failed: ${outcome.errors.map((e) => e.code).join(', ')}`;
      if (outcome.status === 'actionRequired') return `${effect.operation} asks for ${outcome.action}`;
      const data = Object.entries(outcome.data ?? {}).map(([key, value]) => `${key} = ${value}`).join(', ');
      return `${effect.operation} succeeded${data ? `: ${data}` : ''}`;
    }
    case 'offer': return `offer: ${effect.message} (${effect.step}.${effect.row ?? ''})`;
    case 'focus': return `focus ${effect.step}.${effect.row ?? ''}`;
    case 'routeCancelled': return `route cancelled: ${effect.reason}`;
    case 'refused': return `refused: ${effect.reason}`;
    case 'unresolved': return `unresolved ${effect.code}: ${effect.message ?? ''}`;
    default: return effect.message ?? effect.kind;
  }
}

// ---- sending events ----

async function send(event) {
  host.events.push({ event: event.event, row: event.row, step: event.step, at: performance.now() });
  if (event.event !== 'appeared') clearNotice();
  const answer = await api.sendEvent(session.id, event, session.version);
  session.version = answer.version;
  return answer;
}

// The rows whose tap is queued or being handled (its call, its offer answered):
// a second click on one (a double-click on Pay) is dropped, never queued behind
// the first, where it became a second payment once the offer was declined, or a
// refusal on the confirmation the first tap opened.
const tapsUnderWay = new Set();

const handlers = {
  tap: (row) => {
    if (tapsUnderWay.has(row)) return queue;
    tapsUnderWay.add(row);
    return enqueue(async () => {
      try {
        await handle(await send({ event: 'tap', row }));
      } finally {
        tapsUnderWay.delete(row);
      }
    });
  },
  set: (row, value, giveBack) => enqueue(async () => {
    try {
      await handle(await send({ event: 'set', row, value }));
      resends.delete(row);
      refusedValues.delete(row);
    } catch (error) {
      // A thrown error: the server did not take the value. It goes back to its
      // field (nothing the shopper typed is lost) and, when the store or the
      // network was down, it is sent again once the server says it may be.
      error.row = row;
      const kept = giveBack?.() ?? false;
      if (kept && (error.status === 0 || error.status === 503)) resendLater(row, value, giveBack, error);
      // Another window changed the session: once the latest state is drawn, the
      // value goes back into its field and is sent again on the new version.
      if (error.code === 'stale_version') error.afterReload = () => sendAgainAfterReload(row, value, giveBack);
      // Refused for what it is (too long, a card number in a name): marked at its
      // field with the reason, kept there unsaved until the shopper changes it.
      if (kept && isRefusedValue(error)) {
        refusedValues.set(row, { value: String(value), reason: problemWords(error) });
        markRefusedValues();
      }
      throw error;
    }
  }),
};

/**
 * A value a stale window sent, sent again on the latest state: put back into its
 * field, which the reload drew anew (a CVV is not: it leaves the page as it is
 * sent), unless the shopper has typed something else there, or the row is no
 * longer on the screen (the other window left the step; the problem line says
 * the checkout changed).
 */
function sendAgainAfterReload(row, value, giveBack) {
  if (!screenShown?.rows?.some((shown) => shown.id === row)) return;
  const input = nav.topScreen?.querySelector(`form.rows input[name="${CSS.escape(row)}"]:not([type=checkbox])`);
  if (input) {
    if (input.disabled || (input.value !== input.dataset.rendered && input.value !== String(value))) return;
    if (input.type !== 'password') input.value = value;
  }
  handlers.set(row, value, giveBack);
}

/** Values the server refused, by row: {value, reason}, shown at the field while it holds the value. */
const refusedValues = new Map();

/** Whether an error answer refuses the value itself (as opposed to the server or the session being unable to take it). */
function isRefusedValue(error) {
  return error instanceof api.ApiError && [400, 413, 422].includes(error.status);
}

/**
 * Marks each field holding a value the server refused: invalid, with the reason
 * under it (what screen.js draws for a rule's error); a field the shopper has
 * changed since, or that is gone, loses its mark. The field keeps what the shopper
 * typed (nothing entered is lost by an error), so the reason is the one message
 * it shows: the row's own error (the engine's judgement of the value it holds, not
 * of this one: "Full name is required" when it holds none) is hidden meanwhile,
 * and comes back with the next drawing once the field is changed.
 */
function markRefusedValues() {
  const form = nav.topScreen?.querySelector('form.rows');
  for (const [row, refused] of refusedValues) {
    const wrapper = form?.querySelector(`[data-row="${CSS.escape(row)}"]`);
    const input = wrapper?.querySelector('input');
    if (!input || input.value !== refused.value) {
      refusedValues.delete(row);
      continue;
    }
    const id = `${input.id}-refused`;
    let reason = wrapper.querySelector('.error.refused');
    if (!reason) {
      reason = document.createElement('p');
      reason.className = 'error refused';
      reason.id = id;
      wrapper.append(reason);
    }
    reason.textContent = refused.reason;
    // The page's words, in the session's language (as screen.js marks a rule's error).
    for (const [name, value] of [['lang', wordsLanguage()], ['dir', wordsDirection()]]) {
      if (value) reason.setAttribute(name, value);
      else reason.removeAttribute(name);
    }
    for (const held of wrapper.querySelectorAll('.error:not(.refused)')) held.hidden = true;
    wrapper.classList.add('invalid');
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', id);
    input.dataset.unsaved = 'true';
  }
}

/** Values given back after a failed send, by row: how many times each was sent again. */
const resends = new Map();

/** Sends a value again after the wait the server asked for (a 503's Retry-After; 2 s
 * without one), while its field still holds it; gives up after 20 tries. */
function resendLater(row, value, giveBack, error) {
  const tries = (resends.get(row) ?? 0) + 1;
  if (tries > 20) {
    resends.delete(row);
    return;
  }
  resends.set(row, tries);
  const seconds = error.retryAfter > 0 ? Math.min(error.retryAfter, 30) : 2;
  setTimeout(() => {
    if (giveBack()) handlers.set(row, value, giveBack);
  }, seconds * 1000);
}

/** Does what an event's answer says: draw the screen, then each effect; a navigation reports its step when it has appeared. */
async function handle(answer) {
  clearProblem();
  const effects = answer.effects ?? [];
  for (const effect of effects) log(describe(effect), effect.kind);
  const focus = effects.find((effect) => effect.kind === 'focus');
  draw(answer, focus?.row);
  noticeMigration(answer.migration);
  for (const effect of effects) {
    if (['refused', 'unresolved', 'routeCancelled'].includes(effect.kind)) {
      showProblem({ message: describe(effect), words: effectWords(effect) });
    }
    // A developer's notice (English, naming ids) is only in the effects log above.
    if (effect.kind === 'notice' && isShopperNotice(effect.message)) showNotice(effect.message);
    if (effect.kind === 'callAPI' && effect.outcome?.status === 'actionRequired') actionAsked = true;
  }
  const offer = effects.find((effect) => effect.kind === 'offer');
  const navigate = effects.find((effect) => effect.kind === 'navigate');
  if (navigate || !$('#banner').hidden || focus) await showProgress();
  if (offer) return answerOffer(offer);
  if (navigate) return perform(navigate.command);
  if (actionAsked) return doAction(await api.routeProgress(session.id));
}

/** The flow's step titles in `locale`, and the most characters each of their rows takes. */
async function loadSteps(flow, locale) {
  const steps = await api.steps(flow, locale);
  titles = useSteps(steps);
  maxLengths = new Map(steps.map((step) => [step.id, step.maxLengths ?? {}]));
}

/** A field whose row has a maxLength rule takes no more characters than it allows. */
function limitLengths() {
  const limits = maxLengths.get(nav.top) ?? {};
  for (const [row, most] of Object.entries(limits)) {
    const input = nav.topScreen?.querySelector(`form.rows input[name="${CSS.escape(row)}"]`);
    if (input && input.maxLength !== most) input.maxLength = most;
  }
}

/** Draws the navigation state and the screen on top. */
function draw(answer, focusRow) {
  screenShown = answer.screen;
  if (nav.state !== answer.state) nav.show(answer.state);  // the host's stack follows the session's
  if (answer.screen.step === nav.top) renderScreen(nav.topScreen, answer.screen, handlers, focusRow);
  limitLengths();
  markRefusedValues();
  drawBreadcrumb(answer.state);
  graph.showStep(nav.top);
  armBackButton();
}

/** Performs a navigation command and reports the step that appeared. */
async function perform(command) {
  await nav.perform(command);
  if (backWanted && nav.backCommand) {
    // The shopper pressed back during the transition: go back too, and report
    // where they are; the engine replans a route from there.
    backWanted = false;
    const back = nav.backCommand;
    log(`back pressed during \`${command}\`: ${back}`, 'host');
    await nav.perform(back);
  }
  return handle(await send({ event: 'appeared', step: nav.top }));
}

async function answerOffer(offer) {
  const dialog = $('#offer');
  $('#offer-message').textContent = offer.message;
  $('#offer-where').textContent = word('host.offer.where', { step: titles.get(offer.step) ?? offer.step });
  $('#offer-where').dataset.row = offer.row ?? '';
  dialog.returnValue = '';
  dialog.showModal();
  const answer = await new Promise((resolve) => dialog.addEventListener('close', () => resolve(dialog.returnValue), { once: true }));
  return handle(await send({ event: answer === 'accept' ? 'accept' : 'decline' }));
}

/** The action the page stands in for with the bank's dialog; any other is done on the flow's own step. */
const bankAction = 'three_d_secure';

/**
 * The action a call waits on, once its step is on top. 3-D Secure: the bank's
 * dialog, then `actionCompleted` with its result, or a tap on the step's close
 * row (which cancels the call; `back` where the step has none). Any other action
 * (an address to confirm) is the flow's own step, already drawn with its rows and
 * buttons in the shopper's language: its `resume` row finishes the action (a tap,
 * which the engine takes as the completion) and its `close` row cancels the call.
 */
async function doAction(progress) {
  actionAsked = false;
  const waiting = progress.action;
  if (!waiting || progress.pending || waiting.step !== nav.top) return;
  log(`${waiting.operation} waits on ${waiting.action} at ${waiting.step}`, 'host');
  if (waiting.action !== bankAction) return;  // the step on screen is where the shopper does it
  const answer = await askBank(waiting, screenShown);
  if (answer === 'cancel') {
    if (waiting.close.length === 0) return goBack();
    return handle(await send({ event: 'tap', row: waiting.close[0] }));
  }
  const data = { [`${waiting.action}.result`]: answer };
  return handle(await send({ event: 'actionCompleted', operation: waiting.operation, data }));
}

/** The route banner ("taking you to Credit Card: 2 of 3") and the route on the picture. */
async function showProgress() {
  const progress = await api.routeProgress(session.id);
  const banner = $('#banner');
  const route = progress.route;
  if (route) {
    banner.hidden = false;
    banner.textContent = word('host.route.banner', { title: route.title, current: route.current, total: route.commands.length });
    host.banners.push(banner.textContent);
    banner.dataset.to = route.to;
    graph.showRoute(route.steps, route.current);
  } else {
    banner.hidden = true;
    banner.textContent = '';
    graph.showRoute(null);
  }
  return progress;
}

/**
 * The breadcrumb: each layer's step titles joined by ` › `. In a right-to-left
 * page each arrow is its own element, turned to point left, the way the shopper
 * reads (style.css), and each title is isolated (<bdi>), so a title ending in
 * another script ("מדינה (State)") keeps its words and the arrows in their places.
 */
function drawBreadcrumb(state) {
  const crumb = $('#breadcrumb');
  const layers = parseState(state);
  const parts = layers.map((steps, index) => {
    const names = steps.map((step) => titles.get(step) ?? step);
    const around = index === 0 ? ['', ''] : word('host.breadcrumb.modal', { steps: '\u0000' }).split('\u0000');
    return { before: around[0], names: around.length > 1 ? names : [], after: around.slice(1).join('') };
  });
  const text = parts.map((part) => `${part.before}${part.names.join(' › ')}${part.after}`).join(' | ');
  // A live region: redrawn only when it says something new, so it is read once.
  const dir = document.documentElement.dir;
  if (crumb.dataset.state === state && crumb.dataset.dir === dir && crumb.textContent === text) return;
  crumb.textContent = '';
  parts.forEach((part, index) => {
    if (index > 0) crumb.append(' | ');
    const span = document.createElement('span');
    span.className = index === 0 ? 'stack' : 'modal-layer';
    if (dir !== 'rtl') {
      span.textContent = `${part.before}${part.names.join(' › ')}${part.after}`;  // one text, as drawn before RTL
    } else {
      span.append(part.before);
      part.names.forEach((name, at) => {
        if (at > 0) {
          const arrow = document.createElement('span');
          arrow.className = 'arrow';
          arrow.textContent = '›';
          span.append(' ', arrow, ' ');
        }
        const title = document.createElement('bdi');
        title.textContent = name;
        span.append(title);
      });
      span.append(part.after);
    }
    crumb.append(span);
  });
  crumb.dataset.state = state;
  crumb.dataset.dir = dir;
}

// ---- the back button ----

function armBackButton() {
  if (!guardArmed && nav.backCommand) {
    history.pushState({ checkoutGuard: true }, '', location.href);
    guardArmed = true;
  }
}

window.addEventListener('popstate', () => {
  // The entry popped to may be older than this session: the address names this one.
  if (session) rememberInURL();
  if (!guardArmed) return;
  guardArmed = false;
  if (host.busy > 0) backWanted = true;  // done when the transition under way ends
  else enqueue(goBack);
});

// Escape closes a sheet as its close button would: a tap on the step's close row
// where the screen shows one, else the back button's `back`. A dialog open over the
// sheet (the offer, the bank's) takes Escape itself.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
  if (!nav.topScreen?.closest('.layer.modal') || host.busy > 0) return;
  event.preventDefault();
  const close = closeRowsOf(nav.top).find((row) => screenShown?.rows.some((shown) => shown.id === row));
  if (close) handlers.tap(close);
  else if (guardArmed) history.back();
});

async function goBack() {
  if (!nav.backCommand) return armBackButton();
  const command = nav.backCommand;
  const answer = await send({ event: 'back' });
  // The engine moved the session back (as a native back swipe does); show the same.
  if (answer.state !== nav.state) await nav.perform(command);
  return handle(answer);
}

// ---- languages ----

/** The languages a flow ships, its default first (a flow in one unnamed language: English). */
function localesOf(flow) {
  const locales = flowList.find((entry) => entry.id === flow)?.locales ?? [];
  return locales.length > 0 ? locales : ['en'];
}

/**
 * The first of the browser's languages the flow ships: the same tag, else the same
 * language (`de-AT` picks `de`); else the flow's default.
 */
function preferredLocale(locales, wanted = navigator.languages ?? [navigator.language]) {
  for (const tag of wanted ?? []) {
    const lower = tag.toLowerCase();
    const exact = locales.find((locale) => locale.toLowerCase() === lower);
    if (exact) return exact;
    const language = lower.split('-')[0];
    const same = locales.find((locale) => locale.toLowerCase().split('-')[0] === language);
    if (same) return same;
  }
  return locales[0];
}

/** A language's name in itself ("Deutsch", "français"), else its tag. */
function languageName(tag) {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    return name ? name.charAt(0).toLocaleUpperCase(tag) + name.slice(1) : tag;
  } catch {
    return tag;
  }
}

/** The picker lists the flow's languages (and the session's, if it is another) with `chosen` selected. */
function showLocales(flow, chosen) {
  const picker = $('#locale-picker');
  const locales = [...localesOf(flow)];  // a copy: the session's language added here is not the flow's
  if (chosen && !locales.includes(chosen)) locales.push(chosen);
  picker.replaceChildren(...locales.map((tag) => new Option(languageName(tag), tag)));
  picker.value = chosen;
  showLanguage(flowList.find((entry) => entry.id === flow), chosen);  // <html lang>, <title>
}

// ---- sessions ----

async function start(flow, locale = preferredLocale(localesOf(flow))) {
  await loadSteps(flow, locale);
  const created = await api.createSession(flow, locale);
  // never created.secret: the cookie holds it
  session = { id: created.id, flow, locale: created.locale, version: created.version };
  useLabels(created.labels);
  showLocales(flow, created.locale);
  rememberInURL();
  await graph.load(flow);
  nav.show(created.state);
  log(`session ${created.id} created on ${flow} in ${created.locale}`, 'host');
  return handle(created);
}

/**
 * The session's language changed in place (the language picker): the server says
 * the same screen, errors and offer in it, and the page's words and step titles
 * follow; nothing entered is lost, and nothing the shopper is typing either.
 */
async function changeLanguage(locale) {
  if (!session || locale === session.locale) return;
  const typing = typedValues();
  const shown = await api.changeLocale(session.id, locale);
  log(`session ${shown.id} now speaks ${shown.locale}`, 'host');
  await showSession(shown);
  restoreTyped(typing);
}

/** What the shopper has typed into the screen on top and not sent yet, by row. */
function typedValues() {
  const typed = new Map();
  for (const input of nav.topScreen?.querySelectorAll('form.rows input:not([type=checkbox])') ?? []) {
    if (input.value !== input.dataset.rendered) typed.set(input.name, input.value);
  }
  return typed;
}

function restoreTyped(typed) {
  const form = nav.topScreen?.querySelector('form.rows');
  for (const [name, value] of typed) {
    const input = form?.querySelector(`input[name="${CSS.escape(name)}"]`);
    if (input && !input.disabled && input.value === input.dataset.rendered) input.value = value;
  }
}

/** Picks the session up from the server: its state, screen, offer and any command still to perform. */
async function reload() {
  await showSession(await api.session(session.id));
}

/** Draws a session as GET /sessions/{id} shows it, then does what it still waits on. */
async function showSession(shown) {
  session.locale = shown.locale;
  useLabels(shown.labels);
  await loadSteps(session.flow, shown.locale);
  session.version = shown.version;
  $('#flow-picker').value = session.flow;
  showLocales(session.flow, shown.locale);
  await graph.load(session.flow);
  nav.show(shown.state);
  draw(shown, shown.screen.rows.find((row) => row.isFocused)?.id);  // the row a route reached keeps the focus
  const progress = await showProgress();
  log(`session ${shown.id} reloaded at version ${shown.version}`, 'host');
  noticeMigration(shown.migration);
  if (shown.offer) return answerOffer(shown.offer);
  if (progress.pending) return perform(progress.pending.command);
  if (progress.action) return doAction(progress);
}

// The id in the URL lets a reload pick the session up; it is no credential: the
// server opens the session only for its secret, which this browser holds in an
// HttpOnly cookie, so a copied URL (or a log line) opens nothing elsewhere.
function rememberInURL() {
  const url = new URL(location.href);
  url.searchParams.set('flow', session.flow);
  url.searchParams.set('session', session.id);
  history.replaceState(history.state, '', url);
  $('#session-id').textContent = `session ${session.id}`;
}

async function boot() {
  const flows = await api.flows();
  flowList = flows;
  const picker = $('#flow-picker');
  for (const flow of flows) picker.append(new Option(flow.title, flow.id));
  const params = new URLSearchParams(location.search);
  const flow = params.get('flow') ?? (flows.some((f) => f.id === 'plndr') ? 'plndr' : flows[0].id);
  picker.value = flow;
  const languages = $('#locale-picker');
  $('#new-session').addEventListener('click', () => enqueue(() => start(picker.value, languages.value)));
  picker.addEventListener('change', () => enqueue(() => start(picker.value)));
  // Another language: the same checkout, now in it (nothing entered is lost).
  languages.addEventListener('change', () => enqueue(() => changeLanguage(languages.value)));
  const id = params.get('session');
  // ?locale=fr asks for a language outright; without it, the browser's.
  const wanted = params.get('locale');
  if (!id) return wanted ? start(flow, wanted) : start(flow);
  session = { id, flow, version: undefined };
  $('#session-id').textContent = `session ${id}`;
  try {
    await reload();
  } catch (error) {
    if (error.code !== 'unknown_session' && error.status !== 410) throw error;
    // The server answers an unknown id and a secret this browser does not hold alike;
    // a 410 is a session on a flow version (or a flow) this server does not serve.
    log(`session ${id} does not open in this browser (unknown to the server, swept, forgotten by a memory store's restart, its secret cookie is not here, or ${error.code}): a new checkout`, 'host');
    await (wanted ? start(flow, wanted) : start(flow));
    showNotice(word('host.notice.restarted'));
  }
}

enqueue(boot);
