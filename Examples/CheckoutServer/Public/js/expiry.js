// An expiry field (autocomplete cc-exp) as a phone's digits keypad types it: the
// keypad has no "/", so the slash is put in once the year begins (`123` reads
// `12/3`), and a pasted or typed `1230`, `12 30`, `12-30` or `12/2030` becomes
// `12/30` before it is sent. Digits of any script are read as 0-9 (an Arabic
// keypad's `١٢٣٠`, a Persian one's `۱۲۳۰`, a Japanese IME's fullwidth `１２３０` become
// `12/30`). The engine still judges the value (MM/YY).

/** Whether a character is a decimal digit of some script (Unicode's Nd). */
const isDigit = (character) => /^\p{Nd}$/u.test(character);

/**
 * `text` with every decimal digit written 0-9. Unicode gives each script's digits
 * as a run of ten code points, 0 to 9, and a run of several scripts' digits (the
 * mathematical ones) starts at a zero too: a digit's value is its distance from the
 * start of its run, modulo ten.
 */
export function asciiDigits(text) {
  return text.replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0);
    let zero = code;
    while (zero > 0 && isDigit(String.fromCodePoint(zero - 1))) zero -= 1;
    return String((code - zero) % 10);
  });
}

/** `text` written as MM/YY as far as it goes; text that is no month and year is left as it is. */
export function expiryAsTyped(text) {
  const trimmed = asciiDigits(text).trim();
  const split = /^(\d{1,2})\s*[/\-. ]\s*(\d{0,4})$/.exec(trimmed);
  if (split) {
    const [, month, year] = split;
    return `${month.padStart(2, '0')}/${year.length === 4 ? year.slice(2) : year}`;
  }
  if (!/^\d+$/.test(trimmed)) return text;
  if (trimmed.length === 6) return `${trimmed.slice(0, 2)}/${trimmed.slice(4)}`;  // MMYYYY
  if (trimmed.length > 4) return text;
  return trimmed.length > 2 ? `${trimmed.slice(0, 2)}/${trimmed.slice(2)}` : trimmed;
}

/**
 * Formats the field as the shopper types or pastes at its end (a deletion is left
 * alone, so a backspace over the slash works); the whole value again before it is
 * sent (`change` listeners added after this one see the formatted value).
 */
export function formatExpiryAsTyped(input) {
  input.addEventListener('input', (event) => {
    if (event.inputType?.startsWith('delete')) return;
    if (input.selectionStart !== input.value.length) return;  // typing inside the text: left for `change`
    const formatted = expiryAsTyped(input.value);
    if (formatted !== input.value) input.value = formatted;
  });
  input.addEventListener('change', () => {
    input.value = expiryAsTyped(input.value);
  });
}
