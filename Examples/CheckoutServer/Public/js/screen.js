// Screen rendering: draws the engine's rendered Screen for the step on top, one
// row per cell kind. The host never switches over steps or rows: the screen says
// what each row is. Values arrive masked (a card number as "•••• 0127", a CVV as
// "•••"); a masked value is shown as the field's placeholder, so the field itself
// is empty and the shopper types a whole new value. A secret (the CVV) leaves the
// field the moment it is sent. Each field carries the browser's autofill hint the
// server inferred for its row (steps.js); an expiry field (cc-exp) puts in the
// slash a digits keypad lacks (expiry.js). A row that cannot be tapped stays
// focusable (aria-disabled, its reason tied by aria-describedby) and refuses the tap.
// A value or detail (what the shopper typed, an address, a card's summary) reads in
// its own direction (a <bdi>, a field's `unicode-bidi: plaintext`), whatever the
// page's: "Ada Lovelace" in a Hebrew checkout, "فاطمة, شارع التحرير 1" in an English one.

import { formatExpiryAsTyped } from './expiry.js';
import { wordsDirection, wordsLanguage } from './language.js';
import { autofillOf } from './steps.js';
import { word } from './words.js';

const inputTypes = { text: 'text', number: 'text', email: 'email', phone: 'tel', secure: 'password' };
const inputModes = { number: 'numeric', email: 'email', phone: 'tel', decimal: 'decimal' };

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'className') node.className = value;
    else if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function fieldRow(row, id, handlers, step) {
  const masked = row.isMasked;
  // A secret row without a hint (a CVV is `cc-csc`) is never autofilled.
  const autocomplete = autofillOf(step, row.id) ?? (row.kind === 'secure' ? 'off' : undefined);
  const input = element('input', {
    id,
    name: row.id,
    type: inputTypes[row.kind] ?? 'text',
    inputmode: inputModes[row.keyboard],
    placeholder: masked && row.value ? row.value : row.placeholder,
    autocomplete,
    // Digits, a card number, a date, a phone, an e-mail address: left to right in any language.
    dir: inputModes[row.keyboard] || row.kind === 'secure' || row.kind === 'email' || row.kind === 'phone' ? 'ltr' : undefined,
    disabled: !row.isEnabled,
    'aria-invalid': row.error ? 'true' : undefined,
    'aria-describedby': row.error ? `${id}-error` : undefined,
  });
  input.value = masked ? '' : row.value;
  input.dataset.rendered = input.value;
  if (autocomplete === 'cc-exp') formatExpiryAsTyped(input);  // before the change listener that sends
  input.addEventListener('change', () => {
    const value = input.value;
    if (masked && value === '') return;  // nothing typed over the masked value
    const shown = input.dataset.rendered;  // what the server holds
    if (row.kind === 'secure') input.value = '';  // the CVV leaves the page as it is sent
    input.dataset.rendered = input.value;
    const form = input.form;
    handlers.set(row.id, value, () => {
      // The server did not take the value: put it back in its field (found anew,
      // as a redraw may have replaced it), marked as typed but not yet sent, so
      // the next redraw keeps it. False when the shopper has typed something else.
      const field = form?.querySelector(`input[name="${CSS.escape(row.id)}"]`);
      if (!field || field.disabled || (field.value !== '' && field.value !== value)) return false;
      field.value = value;
      field.dataset.rendered = shown;
      return true;
    });
  });
  return input;
}

function pickerRow(row, id, handlers, step) {
  const select = element('select', { id, name: row.id, disabled: !row.isEnabled, autocomplete: autofillOf(step, row.id) });
  if (!row.selection) select.append(element('option', { value: '', text: word('host.picker.choose'), selected: true, disabled: true }));
  for (const option of row.options ?? []) {
    select.append(element('option', { value: option.value, text: option.label, selected: option.value === row.selection }));
  }
  select.dataset.rendered = select.value;
  select.addEventListener('change', () => handlers.set(row.id, select.value));
  return select;
}

function toggleRow(row, id, handlers) {
  const box = element('input', { id, name: row.id, type: 'checkbox', role: 'switch', disabled: !row.isEnabled });
  box.checked = row.value === 'on';
  box.addEventListener('change', () => handlers.set(row.id, box.checked));
  return box;
}

function tapRow(row, id, handlers) {
  const refused = !row.isEnabled || !row.isTappable;
  const button = element(
    'button',
    {
      type: 'button', className: row.kind, name: row.id, id,
      // Not `disabled`: a keyboard reaches the row and hears why it cannot be tapped.
      'aria-disabled': refused ? 'true' : undefined,
      'aria-describedby': !row.isEnabled && hasReason(row) ? `${id}-reason` : undefined,
    },
    element('span', { className: 'title', text: row.title }),
    row.kind === 'disclosure' ? detail(row.detail || row.value) : null,
    row.kind === 'disclosure' ? element('span', { className: 'chevron', 'aria-hidden': 'true', text: '›' }) : null,
  );
  button.addEventListener('click', (event) => {
    if (button.getAttribute('aria-disabled') === 'true') {
      event.preventDefault();
      return;  // refused here, as a disabled button would be: nothing is sent
    }
    handlers.tap(row.id);
  });
  return button;
}

/** A row's detail (a value, a summary of several), isolated so it reads in its own direction. */
function detail(text) {
  return element('span', { className: 'detail' }, element('bdi', { text }));
}

// A step's problems as punctuated sentences, as the engine joins them in a
// disabled reason: each given a full stop unless it ends one already.
function sentences(messages) {
  return messages.map((text) => text.trim()).filter((text) => text)
    .map((text) => (/[.!?…]$/.test(text) ? text : `${text}.`)).join(' ');
}

const hasReason = (row) => Boolean(row.incompleteSteps?.length || row.disabledReason);

function disabledReason(row, id) {
  if (row.isEnabled || !hasReason(row)) return null;
  // The engine's words, in the session's language.
  const box = element('div', { className: 'disabled-reason', id: `${id}-reason`, lang: wordsLanguage(), dir: wordsDirection() });
  if (row.incompleteSteps?.length) {
    // The row's title alone heads the list: the steps and their problems come in the session's language.
    box.append(element('p', { text: `${row.title}:` }));
    const list = element('ul');
    for (const step of row.incompleteSteps) {
      list.append(element('li', {}, element('strong', { text: `${step.title}: ` }), document.createTextNode(sentences(step.problems))));
    }
    box.append(list);
  } else if (row.disabledReason) {
    box.textContent = row.disabledReason;
  }
  return box;
}

// How each cell kind is drawn: one entry per kind the engine renders (CellKind in
// the library). `labelled` rows get a <label> for their control; the others draw
// their own title.
const textField = { labelled: true, control: fieldRow };
const cells = {
  text: textField,
  secure: textField,
  number: textField,
  email: textField,
  phone: textField,
  picker: { labelled: true, control: pickerRow },
  toggle: { labelled: true, control: toggleRow },
  disclosure: { labelled: false, control: tapRow },
  button: { labelled: false, control: tapRow },
  info: {
    labelled: false,
    control: (row) => [
      element('span', { className: 'title', text: row.title }),
      detail(row.detail ?? row.value),
    ],
  },
};

function rowElement(screen, row, handlers) {
  const cell = Object.hasOwn(cells, row.kind) ? cells[row.kind] : null;
  // A kind this page does not know is a server newer than the page: say so, draw nothing half-right.
  if (!cell) throw new Error(`row "${row.id}" has cell kind "${row.kind}", which this page cannot draw`);
  const id = `row-${screen.step}-${row.id}`;
  const wrapper = element('div', {
    className: `row ${row.kind}${row.isEnabled ? '' : ' disabled'}${row.error ? ' invalid' : ''}`,
    'data-row': row.id,
    'data-kind': row.kind,
  });
  if (cell.labelled) wrapper.append(element('label', { for: id, text: row.title }));
  wrapper.append(...[cell.control(row, id, handlers, screen.step)].flat());
  if (row.error) {
    wrapper.append(element('p', {
      className: 'error', id: `${id}-error`, role: 'alert', lang: wordsLanguage(), dir: wordsDirection(), text: row.error,
    }));
  }
  const reason = disabledReason(row, id);
  if (reason) wrapper.append(reason);
  return wrapper;
}

/**
 * Draws `screen` into a screen element's form. What the shopper is typing and has
 * not sent yet stays, and so does the keyboard focus, unless `focusRow` names the
 * row the engine focused (a route arrived); that row gets the focus.
 */
export function renderScreen(screenElement, screen, handlers, focusRow) {
  const form = screenElement.querySelector('form.rows');
  const active = document.activeElement && form.contains(document.activeElement)
    ? document.activeElement.closest('[data-row]')?.dataset.row : null;
  const typing = new Map();
  for (const input of form.querySelectorAll('input:not([type=checkbox])')) {
    if (input.value !== input.dataset.rendered) typing.set(input.name, input.value);
  }
  const drawn = screen.rows.map((row) => rowElement(screen, row, handlers));
  const current = [...form.children];
  if (current.map((node) => node.dataset.row).join() === screen.rows.map((row) => row.id).join()) {
    // Only rows that changed are replaced: a button under the pointer stays the
    // same element, so a click that began before this answer still lands.
    drawn.forEach((node, index) => {
      if (!current[index].isEqualNode(node)) current[index].replaceWith(node);
    });
  } else {
    form.replaceChildren(...drawn);
  }
  for (const [name, value] of typing) {
    const input = form.querySelector(`input[name="${CSS.escape(name)}"]`);
    if (input && !input.disabled) input.value = value;
  }
  screenElement.dataset.focused = screen.rows.find((row) => row.isFocused)?.id ?? '';
  const target = focusRow ?? active;
  if (target) form.querySelector(`[data-row="${CSS.escape(target)}"] :is(input, select, button)`)?.focus();
}

let headings = 0;  // numbers each screen's heading id

/**
 * An empty screen titled for a step, shown while it slides in (its rows come when it
 * has appeared). Its heading takes the focus when the screen arrives (tabindex=-1:
 * focusable by script only) and names a sheet's dialog.
 */
export function newScreenElement(step, title) {
  // No autocomplete="off": each field carries its own hint.
  const form = element('form', { className: 'rows', novalidate: true });
  form.addEventListener('submit', (event) => event.preventDefault());
  headings += 1;
  return element(
    'section',
    { className: 'screen', 'data-step': step, 'aria-label': title },
    element('header', {}, element('h2', { id: `screen-title-${headings}`, tabindex: '-1', text: title })),
    form,
  );
}
