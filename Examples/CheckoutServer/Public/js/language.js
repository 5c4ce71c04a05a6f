// The languages the page is in. The flow's words (step and row titles, its own
// messages) are in the session's language when the flow ships it, else in the
// flow's default language; the page's own words (the session's `labels`) and the
// engine's messages (a row's error, a disabled row's reason) are always in the
// session's language. <html lang> is the flow's words' language, and each element
// holding the page's or the engine's words gets `lang` when that is another one (a
// Japanese session on a flow without Japanese: the page `en`, those elements `ja`),
// so a screen reader reads each text in its own language. <title> is the flow's
// title in the session's language.
//
// Each `lang` comes with its `dir`: <html dir> is the page's language's direction,
// and an element given another `lang` gets that language's direction too (an
// Arabic session on a flow without Arabic: the page `ltr`, the engine's messages
// `rtl`). A language is right-to-left by its script: a script subtag decides
// (`az-Arab` is, `sd-Deva` is not), else the language's usual script (ar, he, fa,
// ur, ps, yi, dv, ckb, sd, ug and their regional tags; `iw`, Hebrew's old tag). The
// style sheet mirrors the page from there (logical properties, :dir(rtl)).

let words = null;  // the session's language where it differs from the page's, else null

/** Scripts written right to left (ISO 15924), as a tag's script subtag names them. */
const rightToLeftScripts = new Set([
  'adlm', 'arab', 'aran', 'hebr', 'mand', 'mend', 'nkoo', 'rohg', 'samr', 'syrc', 'thaa', 'yezi',
]);
/** Languages usually written in one of those scripts (their tag without a script subtag). */
const rightToLeftLanguages = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'yi', 'ji', 'dv', 'ckb', 'sd', 'ug']);

/** `rtl` for a language written right to left (`ar`, `he-IL`, `az-Arab`), else `ltr`. */
export function directionOf(tag) {
  const [language, ...rest] = String(tag ?? '').toLowerCase().split(/[-_]/);
  const script = rest.find((subtag) => /^[a-z]{4}$/.test(subtag));
  const rightToLeft = script ? rightToLeftScripts.has(script) : rightToLeftLanguages.has(language);
  return rightToLeft ? 'rtl' : 'ltr';
}

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
  document.documentElement.dir = directionOf(page);
  words = language(page) === language(locale) ? null : locale;
  for (const node of document.querySelectorAll(wordHolders.join(', '))) {
    if (words) {
      node.setAttribute('lang', words);
      node.setAttribute('dir', directionOf(words));
    } else {
      node.removeAttribute('lang');
      node.removeAttribute('dir');
    }
  }
  const titles = flow?.titles ?? {};
  const title = titles[locale] ?? Object.entries(titles).find(([tag]) => language(tag) === language(locale))?.[1];
  document.title = title ?? titles[page] ?? flow?.title ?? document.title;
}

/** The `lang` an element of the engine's words needs (the session's language), or undefined when the page's. */
export const wordsLanguage = () => words ?? undefined;

/** The `dir` that goes with wordsLanguage(): undefined when the element takes the page's. */
export const wordsDirection = () => (words ? directionOf(words) : undefined);
