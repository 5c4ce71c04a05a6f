// The host: picks a flow, creates (or reloads) a session, draws its screen, and
// does what each effect says, as a native app would: performs every navigation
// command and reports `appeared` when its transition has ended, shows an offer
// as a dialog, a route in progress as a banner, focuses the row a route reaches,
// and shows the action a call waits on (3-D Secure) as the bank's dialog.
// The browser's back button sends `back`. The session lives on the server: the
// URL holds only its id (?session=…), so a reload, or a server restart with the
// PostgreSQL store, picks it up where it was. The language picker offers the
// flow's languages, defaulting to the browser's (navigator.languages), else the
// flow's default; choosing another starts a new checkout in it. The page's own
// words (dialogs, banners, problems) come with the session, in its language
// (words.js); the developer's panes (the flow's picture, the effects) stay English.

import * as api from './api.js';
import { askBank } from './challenge.js';
import { GraphPanel } from './graph.js';
import { NavigationView, parseState } from './navigation.js';
import { showLanguage } from './language.js';
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
let backWanted = false;  // the back button was pressed while the host was busy
let guardArmed = false;  // a history entry the back button can pop
let actionAsked = false;  // a call answered that the shopper must do an action first
let screenShown = null;  // the last screen the session sent

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
  box.dataset.code = error?.code ?? '';
  if (!error?.words) log(`problem: ${error?.message ?? String(error)}`, 'host');
  if (error?.code === 'stale_version') enqueue(reload);
}

function problemWords(error) {
  if (error?.words) return error.words;
  if (!haveLabels()) return error?.message ?? String(error);  // before any session: no words to say it in
  if (!(error instanceof api.ApiError)) return word('host.problem.other', { code: 'page' });
  if (error.code === 'no_answer') return word('host.problem.noAnswer');
  if (error.status === 503) return word('host.problem.unavailable');
  if (error.code === 'stale_version') return word('host.problem.staleVersion');
  // A refused event's detail is the engine's message, in the session's language;
  // so is a card number refused in a free-text row (host.problem.cardNumber).
  if (error.refusal || error.code === 'card_number_in_text') return word('host.problem.refused', { reason: error.message });
  return word('host.problem.other', { code: error.code });
}

/** What the problem line says to the shopper for a refused, unresolved or cancelled effect. */
function effectWords(effect) {
  switch (effect.kind) {
    case 'refused': return word('host.problem.refused', { reason: effect.reason });
    case 'unresolved': return word('host.problem.unresolved', { code: effect.code });
    default: return word('host.problem.routeCancelled');
  }
}

function clearProblem() {
  $('#problem').hidden = true;
  $('#problem').textContent = '';
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

const handlers = {
  tap: (row) => enqueue(async () => handle(await send({ event: 'tap', row }))),
  set: (row, value, giveBack) => enqueue(async () => {
    try {
      await handle(await send({ event: 'set', row, value }));
      resends.delete(row);
    } catch (error) {
      // A thrown error: the server did not take the value. It goes back to its
      // field (nothing the shopper typed is lost) and, when the store or the
      // network was down, it is sent again once the server says it may be.
      if (giveBack?.() && (error.status === 0 || error.status === 503)) resendLater(row, value, giveBack, error);
      throw error;
    }
  }),
};

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

/** Draws the navigation state and the screen on top. */
function draw(answer, focusRow) {
  screenShown = answer.screen;
  if (nav.state !== answer.state) nav.show(answer.state);  // the host's stack follows the session's
  if (answer.screen.step === nav.top) renderScreen(nav.topScreen, answer.screen, handlers, focusRow);
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

/**
 * The action a call waits on, once its step is on top: the bank's dialog, then
 * `actionCompleted` with its result, or a tap on the step's close row (which
 * cancels the call; `back` where the step has none).
 */
async function doAction(progress) {
  actionAsked = false;
  const waiting = progress.action;
  if (!waiting || progress.pending || waiting.step !== nav.top) return;
  log(`${waiting.operation} waits on ${waiting.action} at ${waiting.step}`, 'host');
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

function drawBreadcrumb(state) {
  const crumb = $('#breadcrumb');
  const layers = parseState(state);
  const parts = layers.map((steps, index) => {
    const names = steps.map((step) => titles.get(step) ?? step).join(' › ');
    return index === 0 ? names : word('host.breadcrumb.modal', { steps: names });
  });
  // A live region: redrawn only when it says something new, so it is read once.
  if (crumb.dataset.state === state && crumb.textContent === parts.join(' | ')) return;
  crumb.textContent = '';
  parts.forEach((text, index) => {
    if (index > 0) crumb.append(' | ');
    const span = document.createElement('span');
    span.className = index === 0 ? 'stack' : 'modal-layer';
    span.textContent = text;
    crumb.append(span);
  });
  crumb.dataset.state = state;
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
  titles = useSteps(await api.steps(flow, locale));
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

/** Picks the session up from the server: its state, screen, offer and any command still to perform. */
async function reload() {
  const shown = await api.session(session.id);
  session.locale = shown.locale;
  useLabels(shown.labels);
  titles = useSteps(await api.steps(session.flow, shown.locale));
  session.version = shown.version;
  $('#flow-picker').value = session.flow;
  showLocales(session.flow, shown.locale);
  await graph.load(session.flow);
  nav.show(shown.state);
  draw(shown, shown.screen.rows.find((row) => row.isFocused)?.id);  // the row a route reached keeps the focus
  const progress = await showProgress();
  log(`session ${shown.id} reloaded at version ${shown.version}`, 'host');
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
  // Another language: a new checkout in it (a session keeps the language it was created in).
  languages.addEventListener('change', () => enqueue(() => start(picker.value, languages.value)));
  const id = params.get('session');
  // ?locale=fr asks for a language outright; without it, the browser's.
  const wanted = params.get('locale');
  if (!id) return wanted ? start(flow, wanted) : start(flow);
  session = { id, flow, version: undefined };
  $('#session-id').textContent = `session ${id}`;
  try {
    await reload();
  } catch (error) {
    if (error.code !== 'unknown_session') throw error;
    log(`session ${id} is not on the server (a memory store forgets its sessions on restart): a new checkout`, 'host');
    await start(flow);
  }
}

enqueue(boot);
