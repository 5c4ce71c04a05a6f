// An expiry field (autocomplete cc-exp) as a phone's digits keypad types it: the
// keypad has no "/", so the slash is put in once the year begins (`123` reads
// `12/3`), and a pasted or typed `1230`, `12 30`, `12-30` or `12/2030` becomes
// `12/30` before it is sent. The engine still judges the value (MM/YY).

/** `text` written as MM/YY as far as it goes; text that is no month and year is left as it is. */
export function expiryAsTyped(text) {
  const trimmed = text.trim();
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
