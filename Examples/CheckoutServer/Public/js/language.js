// The languages the page is in. The flow's words (step and row titles, its own
// messages) are in the session's language when the flow ships it, else in the
// flow's default language; the page's own words (the session's `labels`) and the
// engine's messages (a row's error, a disabled row's reason) are always in the
// session's language. <html lang> is the flow's words' language, and each element
// holding the page's or the engine's words gets `lang` when that is another one (a
// Japanese session on a flow without Japanese: the page `en`, those elements `ja`),
// so a screen reader reads each text in its own language. <title> is the flow's
// title in the session's language.

let words = null;  // the session's language where it differs from the page's, else null

/** The elements that show the page's own words or the engine's (not an aria-label's holder:
 * the checkout's column holds the flow's words). */
const wordHolders = ['#banner', '#notice', '#problem', '#offer-where', '#challenge-what', '[data-word]'];

/**
 * Sets the page's languages and title for a session in `locale` on `flow` (an entry
 * of GET /flows: {id, title, locales, titles}).
 */
export function showLanguage(flow, locale) {
  const locales = flow?.locales?.length ? flow.locales : ['en'];
  const language = (tag) => tag.toLowerCase().split('-')[0];
  const ships = locales.some((tag) => tag.toLowerCase() === locale.toLowerCase() || language(tag) === language(locale));
  const page = ships ? locale : locales[0];
  document.documentElement.lang = page;
  words = language(page) === language(locale) ? null : locale;
  for (const node of document.querySelectorAll(wordHolders.join(', '))) {
    if (words) node.setAttribute('lang', words);
    else node.removeAttribute('lang');
  }
  const titles = flow?.titles ?? {};
  const title = titles[locale] ?? Object.entries(titles).find(([tag]) => language(tag) === language(locale))?.[1];
  document.title = title ?? titles[page] ?? flow?.title ?? document.title;
}

/** The `lang` an element of the engine's words needs (the session's language), or undefined when the page's. */
export const wordsLanguage = () => words ?? undefined;
