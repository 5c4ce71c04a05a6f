// The API client: one function per endpoint of the example server's HTTP API.
// Answers are JSON; an error answer ({"error", "detail", "at"}) is thrown as an
// ApiError. Nothing here keeps what it sends: a set event's value goes out in
// the request body and nowhere else (never in the URL, never in storage).

/** An error answer from the server, or no answer at all (status 0). */
export class ApiError extends Error {
  constructor(status, body, fallback, retryAfter = 0) {
    super(body?.detail ?? fallback);
    this.status = status;
    this.retryAfter = retryAfter;  // seconds, from a 503's Retry-After (0: none said)
    this.code = body?.error ?? (status === 0 ? 'no_answer' : 'http_error');
    this.at = body?.at;
    this.version = body?.version;
    this.refusal = body?.refusal;  // a refused event: the detail is the engine's message to the shopper
  }
}

const segment = (text) => encodeURIComponent(text);

async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      cache: 'no-store',
      credentials: 'same-origin',  // the session's secret: the HttpOnly cookie POST /sessions set
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (failure) {
    throw new ApiError(0, null, `the server did not answer ${method} ${path} (${failure.message}); is it running?`);
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After')) || 0;
    throw new ApiError(response.status, json, `${method} ${path}: ${response.status} ${text.slice(0, 200)}`, retryAfter);
  }
  return json ?? text;
}

/** GET /flows: [{id, title, steps, locales}]. */
export const flows = () => call('GET', '/flows');

/** GET /flows/{flow}/steps?locale=…: [{id, title, presentation, close, autocomplete, maxLengths?}], titles in the locale. */
export const steps = (flow, locale) =>
  call('GET', `/flows/${segment(flow)}/steps${locale ? `?locale=${encodeURIComponent(locale)}` : ''}`);

/** GET /flows/{flow}/graph.svg: the flow drawn by Graphviz, as SVG text. */
export const graphPicture = (flow) => call('GET', `/flows/${segment(flow)}/graph.svg`);

/**
 * POST /sessions: {id, secret, version, state, screen, effects}. The answer also
 * sets the session's secret as an HttpOnly cookie for the session's own paths
 * (`Path=/sessions/{id}`), which every later call on it carries (this script
 * cannot read it): each checkout opened in this browser keeps its own. The page
 * keeps only the id, which opens nothing alone.
 */
export const createSession = (flow, locale) => call('POST', '/sessions', locale ? { flow, locale } : { flow });

/** GET /sessions/{id}: {id, version, locale, state, screen, offer?, route?}. */
export const session = (id) => call('GET', `/sessions/${segment(id)}`);

/** GET /sessions/{id}/route: {version, state, pending?, route?, action?} (action: {operation, action, step, resume, close}). */
export const routeProgress = (id) => call('GET', `/sessions/${segment(id)}/route`);

/** POST /sessions/{id}/events ({event: "tap", row}, {event: "actionCompleted", operation, data}, …): {version, state, screen, effects}. */
export const sendEvent = (id, event, expectedVersion) =>
  call('POST', `/sessions/${segment(id)}/events`, { ...event, expectedVersion });

/**
 * POST /sessions/{id}/locale {locale}: the session's language changed in place
 * (screen, errors, offer, labels); answers as GET /sessions/{id}, at its new version.
 */
export const changeLocale = (id, locale) => call('POST', `/sessions/${segment(id)}/locale`, { locale });
