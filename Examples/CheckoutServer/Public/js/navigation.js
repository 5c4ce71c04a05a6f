// Navigation transitions: the stack of screens a native app keeps, in the DOM.
// Each layer is a stack of screens; a modal layer is a sheet over the layers
// below. Every navigation command has its own visible transition (push slides a
// screen in from the inline end, the right, or the left in a right-to-left
// language, as a native app does; pop slides it out, present raises a sheet, dismiss
// lowers it, reset fades everything into one new screen), and `perform` resolves
// only when that transition has ended, when a native host would get
// viewDidAppear. A screen leaves the DOM when it is popped or its sheet is
// dismissed, and with it anything it showed.
//
// Focus follows, as a screen reader user needs it: when a transition ends, the new
// screen's heading has the keyboard focus (so its title is read), except after a
// pop or dismiss, which gives it back to the row that opened the screen (the
// disclosure, or Pay under the bank's sheet), where it still can be. The row a route
// reaches is focused after this, by the screen's drawing: the engine's focus wins.
// A sheet is a modal dialog (role=dialog, aria-modal) named by its top screen's heading.

import { newScreenElement } from './screen.js';

// `?pace=MS` slows every transition down, to watch a route (or to screenshot one).
const pace = Number(new URLSearchParams(location.search).get('pace'));
const duration = pace > 0 ? pace : matchMedia('(prefers-reduced-motion: reduce)').matches ? 1 : 320;
const easing = 'cubic-bezier(0.2, 0.8, 0.2, 1)';

/** Parses `cart>stepOne|creditCard` into layers of step ids: [["cart", "stepOne"], ["creditCard"]]. */
export function parseState(text) {
  return text.split('|').map((layer) => layer.split('>'));
}

export class NavigationView {
  /**
   * @param stage the element the layers are drawn in
   * @param titleOf (step id) => the step's title
   * @param onTransition ({command, kind, started, ended}) => void, after each transition
   */
  constructor(stage, titleOf, onTransition) {
    this.stage = stage;
    this.titleOf = titleOf;
    this.onTransition = onTransition;
    this.layers = [];  // [{element, sheet, screens: [{step, element}]}]
    this.transitioning = false;
  }

  /** The navigation state shown, in the engine's notation. */
  get state() {
    return this.layers.map((layer) => layer.screens.map((screen) => screen.step).join('>')).join('|');
  }

  /** The step on top. */
  get top() {
    const layer = this.layers.at(-1);
    return layer?.screens.at(-1)?.step;
  }

  /** The screen element on top. */
  get topScreen() {
    return this.layers.at(-1)?.screens.at(-1)?.element;
  }

  /** The command the back button performs here (pop within the layer, else dismiss), or null on the root. */
  get backCommand() {
    const layer = this.layers.at(-1);
    if (!layer) return null;
    if (layer.screens.length > 1) return 'pop';
    return this.layers.length > 1 ? 'dismiss' : null;
  }

  /** Shows a state at once, without transitions (a new or reloaded session). */
  show(stateText) {
    this.stage.replaceChildren();
    this.layers = [];
    parseState(stateText).forEach((steps, index) => {
      const layer = this.makeLayer(index > 0);
      for (const step of steps) this.addScreen(layer, step);
    });
    this.markCovered();
  }

  /** Performs one navigation command with its transition; resolves with the step on top once it has ended. */
  async perform(command) {
    const [verb, step] = command.split(' ');
    const started = performance.now();
    // The row holding the focus on the screen that a push or present covers: it gets the focus back.
    const opener = document.activeElement?.closest('.screen.on-top [data-row]')?.dataset.row ?? null;
    const covered = this.layers.at(-1)?.screens.at(-1);
    this.transitioning = true;
    this.stage.dataset.transition = verb;
    try {
      switch (verb) {
        case 'push': await this.push(step); break;
        case 'pop': await this.pop(); break;
        case 'present': await this.present(step); break;
        case 'dismiss': await this.dismiss(); break;
        case 'reset': await this.reset(step); break;
        default: throw new Error(`unknown navigation command "${command}"`);
      }
    } finally {
      this.transitioning = false;
      delete this.stage.dataset.transition;
    }
    this.markCovered();
    if ((verb === 'push' || verb === 'present') && covered) covered.opener = opener;
    this.focusArrived(verb === 'pop' || verb === 'dismiss');
    this.onTransition({ command, kind: verb, started, ended: performance.now(), top: this.top });
    return this.top;
  }

  /** Focuses the screen that arrived: the row that opened it when going `back` to it, else its heading. */
  focusArrived(back) {
    const screen = this.layers.at(-1)?.screens.at(-1);
    if (!screen) return;
    const opener = back ? screen.opener : null;
    screen.opener = null;
    const control = opener && screen.element.querySelector(`[data-row="${CSS.escape(opener)}"] :is(input, select, button)`);
    if (control && !control.disabled) control.focus();
    else screen.element.querySelector('h2')?.focus();
  }

  /** `percent` of a sideways move towards the inline end (the left in a right-to-left page). */
  inlineEnd(percent) {
    const sign = getComputedStyle(this.stage).direction === 'rtl' ? -1 : 1;
    return `translateX(${sign * percent}%)`;
  }

  async push(step) {
    const layer = this.layers.at(-1);
    const below = layer.screens.at(-1).element;
    const screen = this.addScreen(layer, step);
    await Promise.all([
      animate(screen.element, [{ transform: this.inlineEnd(100) }, { transform: 'translateX(0)' }]),
      animate(below, [{ transform: 'translateX(0)' }, { transform: this.inlineEnd(-30), opacity: 0.6 }]),
    ]);
  }

  async pop() {
    const layer = this.layers.at(-1);
    if (layer.screens.length < 2) throw new Error(`cannot pop: ${this.state} has one screen in its top layer`);
    const leaving = layer.screens.pop();
    const below = layer.screens.at(-1).element;
    below.hidden = false;
    await Promise.all([
      animate(leaving.element, [{ transform: 'translateX(0)' }, { transform: this.inlineEnd(100) }]),
      animate(below, [{ transform: this.inlineEnd(-30), opacity: 0.6 }, { transform: 'translateX(0)', opacity: 1 }]),
    ]);
    leaving.element.remove();
  }

  async present(step) {
    const layer = this.makeLayer(true);
    this.addScreen(layer, step);
    await Promise.all([
      animate(layer.sheet, [{ transform: 'translateY(100%)' }, { transform: 'translateY(0)' }]),
      animate(layer.backdrop, [{ opacity: 0 }, { opacity: 1 }]),
    ]);
  }

  async dismiss() {
    if (this.layers.length < 2) throw new Error(`cannot dismiss: ${this.state} has no modal layer`);
    const layer = this.layers.pop();
    this.layers.at(-1).screens.at(-1).element.hidden = false;
    await Promise.all([
      animate(layer.sheet, [{ transform: 'translateY(0)' }, { transform: 'translateY(100%)' }]),
      animate(layer.backdrop, [{ opacity: 1 }, { opacity: 0 }]),
    ]);
    layer.element.remove();  // the sheet, its screens and every value they showed
  }

  async reset(step) {
    const old = this.layers;
    this.layers = [];
    const layer = this.makeLayer(false);
    this.addScreen(layer, step);
    await animate(layer.element, [{ opacity: 0, transform: 'scale(0.96)' }, { opacity: 1, transform: 'scale(1)' }]);
    for (const gone of old) gone.element.remove();
  }

  makeLayer(modal) {
    const element = document.createElement('div');
    element.className = modal ? 'layer modal' : 'layer root';
    const layer = { element, sheet: element, backdrop: null, screens: [] };
    if (modal) {
      layer.backdrop = document.createElement('div');
      layer.backdrop.className = 'backdrop';
      layer.sheet = document.createElement('div');
      layer.sheet.className = 'sheet';
      layer.sheet.setAttribute('role', 'dialog');
      layer.sheet.setAttribute('aria-modal', 'true');
      element.append(layer.backdrop, layer.sheet);
    }
    this.stage.append(element);
    this.layers.push(layer);
    return layer;
  }

  addScreen(layer, step) {
    const screen = { step, element: newScreenElement(step, this.titleOf(step)) };
    layer.sheet.append(screen.element);
    layer.screens.push(screen);
    return screen;
  }

  /** Only the top screen can be used; screens under it are inert, and hidden once covered. */
  markCovered() {
    const top = this.topScreen;
    this.layers.forEach((layer, layerIndex) => {
      // A sheet is named by the heading of the screen on top of it.
      const heading = layer.screens.at(-1)?.element.querySelector('h2');
      if (layer.sheet !== layer.element && heading) layer.sheet.setAttribute('aria-labelledby', heading.id);
      layer.screens.forEach((screen, index) => {
        const isTop = screen.element === top;
        screen.element.inert = !isTop;
        screen.element.classList.toggle('on-top', isTop);
        // Covered screens of the top layer are hidden; lower layers stay visible under the sheet.
        screen.element.hidden = index < layer.screens.length - 1;
        if (layerIndex < this.layers.length - 1 && index === layer.screens.length - 1) screen.element.hidden = false;
      });
    });
    this.stage.dataset.state = this.state;
    this.stage.dataset.top = this.top ?? '';
  }
}

function animate(node, keyframes) {
  return node.animate(keyframes, { duration, easing }).finished;
}
