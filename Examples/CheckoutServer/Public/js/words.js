// The page's own words in the shopper's language: the titles and buttons of its
// dialogs, its banners, its problem lines, its language picker's label. They are
// not written here: each is a `host.*` message of the engine's tables
// (Sources/CheckoutModel/Resources/Messages/LANG.txt, one file per language, for
// translators), and the server sends them with the session as `labels`, in the
// session's locale (a flow's `messages` may replace them). The English in
// index.html is only what shows before the first session answers.
//
// In index.html an element with `data-word="ID"` shows the word as its text, and
// one with `data-word-label="ID"` as its accessible name (aria-label).

let labels = {};

/** Takes a session's labels (host.* id -> text) and shows them in every element that names one. */
export function useLabels(next, root = document) {
  labels = next ?? {};
  for (const node of root.querySelectorAll('[data-word]')) {
    const text = labels[node.dataset.word];
    if (text !== undefined) node.textContent = text;
  }
  for (const node of root.querySelectorAll('[data-word-label]')) {
    const text = labels[node.dataset.wordLabel];
    if (text !== undefined) node.setAttribute('aria-label', text);
  }
}

/** Whether a session's words have arrived (before that, the page shows its English). */
export const haveLabels = () => Object.keys(labels).length > 0;

/**
 * The word with each `{name}` filled from `values`: word('host.route.banner',
 * {title, current, total}). An id the labels lack is shown as itself, so a gap is
 * seen rather than hidden.
 */
export function word(id, values = {}) {
  const text = labels[id] ?? id;
  return text.replace(/\{([A-Za-z0-9._]+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/**
 * Whether a notice effect's message is for the shopper: it fills in one of the
 * engine's `notice.*` messages, whose templates come with the labels (in the
 * session's language, naming steps and rows by their titles: "You left "Confirm
 * with your bank": Pay now was not finished; …"). Any other notice is for
 * developers (English, naming ids: a step nothing opened, an action no submit
 * declares, a value no submit provides): the page only logs it.
 */
export function isShopperNotice(message) {
  return Object.entries(labels).some(([id, text]) => id.startsWith('notice.') && filledIn(text).test(message));
}

/** A template as a pattern of its filled-in texts: each `{name}` stands for any text. */
function filledIn(template) {
  const parts = template.split(/\{[A-Za-z0-9._]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]+')}$`);
}
