// What the page knows of each step before its screen arrives (GET /flows/{flow}/steps):
// its title, its close rows (Escape taps the first, as the sheet's close button
// would) and the browser's autofill hint of each of its value rows, which the
// server infers from the flow (docs/browser-host.md, "Autofill").

let steps = new Map();  // step id -> {id, title, presentation, close, autocomplete}

/** Keeps a flow's steps (in the session's language); answers step id -> title. */
export function useSteps(list) {
  steps = new Map(list.map((step) => [step.id, step]));
  return new Map(list.map((step) => [step.id, step.title]));
}

/** The step's close rows, by id (none: the engine's `back` closes it). */
export const closeRowsOf = (step) => steps.get(step)?.close ?? [];

/** The row's `autocomplete` hint (`cc-number`, `shipping postal-code`), or undefined. */
export const autofillOf = (step, row) => steps.get(step)?.autocomplete?.[row];
