// The graph panel: the flow as a picture (SVG drawn on the server by Graphviz
// from the engine's DOT), the step on screen highlighted and the route being
// driven drawn over it. Graphviz names each node and edge in a <title>: "cart",
// "cart->stepOne"; that is how steps and edges are found in the picture.

import * as api from './api.js';

export class GraphPanel {
  constructor(container) {
    this.container = container;
    this.nodes = new Map();  // step id -> <g class="node">
    this.edges = new Map();  // "from->to" -> <g class="edge">
  }

  /** Loads the flow's picture; without one (no Graphviz on the server) says why. */
  async load(flow) {
    this.nodes.clear();
    this.edges.clear();
    let text;
    try {
      text = await api.graphPicture(flow);
    } catch (error) {
      const message = document.createElement('p');
      message.className = 'graph-missing';
      message.textContent = `No picture of the flow: ${error.message}`;
      this.container.replaceChildren(message);
      return;
    }
    const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    if (svg.nodeName !== 'svg') {
      this.container.textContent = 'No picture of the flow: the server did not answer an SVG document.';
      return;
    }
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', `The flow ${flow}: its steps and how they open one another`);
    const picture = document.importNode(svg, true);
    for (const group of picture.querySelectorAll('g.node, g.edge')) {
      const name = group.querySelector('title')?.textContent ?? '';
      if (group.classList.contains('node')) {
        this.nodes.set(name, group);
        group.dataset.step = name;
      } else if (!group.classList.contains('error') && !this.edges.has(name)) {
        // Navigation edges only: an error edge (where an error is fixed, drawn
        // after them) may join the same two steps, and a route never follows it.
        this.edges.set(name, group);
        group.dataset.edge = name;
      }
    }
    this.container.replaceChildren(picture);
  }

  /** Highlights the step on screen. */
  showStep(step) {
    for (const [name, node] of this.nodes) node.classList.toggle('on-screen', name === step);
  }

  /** Draws a route: `steps` is the step on screen where it starts, then after each command. Null clears it. */
  showRoute(steps, current) {
    for (const group of [...this.nodes.values(), ...this.edges.values()]) {
      group.classList.remove('on-route', 'route-done', 'route-next', 'route-later');
    }
    if (!steps) return;
    steps.forEach((step, index) => {
      this.nodes.get(step)?.classList.add('on-route');
      if (index === 0) return;
      const previous = steps[index - 1];
      // A push or present follows its edge; a pop or dismiss goes back along one.
      const edge = this.edges.get(`${previous}->${step}`) ?? this.edges.get(`${step}->${previous}`);
      if (!edge) return;
      edge.classList.add('on-route', index < current ? 'route-done' : index === current ? 'route-next' : 'route-later');
    });
  }
}
