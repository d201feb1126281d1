// tabula gui: drawing the board (SVG): squares, coordinates, marks of the board, pieces,
// the last move, the move being entered and analysis arrows. It takes the page's state in
// (`renderBoard(state)`) and draws it; clicks and drags on it are move-entry.js's.
// @ts-check
import { $, fileName, parseSquare, squareName, svgEl } from './dom.js';
import { canEnter, gameTitle } from './state.js';

/** @typedef {import('./state.js').PageState} PageState */
/** @typedef {import('./state.js').Table} Table */

/** One square in SVG units. */
export const S = 100;
// A knight's head facing left, drawn in a 100 x 100 box.
const KNIGHT_PATH = 'M 24 92 L 80 92 L 80 84 L 77 84 C 78 62 74 42 63 27 L 65 13 L 56 20 ' +
  'L 50 12 L 46 22 C 34 27 25 38 18 52 C 16 58 19 63 25 62 L 34 57 C 39 56 43 54 48 50 ' +
  'C 45 61 34 70 31 84 L 24 84 Z';

/** Geometry of the board as drawn (`flipped`: black at the bottom): margins for the
 * coordinates, and square -> (px, py).
 * @param {Table} t
 * @param {boolean} flipped
 * @returns {any} */
function geometry(t, flipped) {
  const n = Math.max(t.width, t.height);
  const font = 22 + 1.2 * n;            // coordinates stay legible on 25 x 25
  const left = font * 1.4, bottom = font * 1.4, pad = 4;
  return {
    font, left, bottom, pad,
    w: left + t.width * S + pad,
    h: pad + t.height * S + bottom,
    // top-left corner of square (x, y)
    px: (/** @type {number} */ x) => left + (flipped ? t.width - 1 - x : x) * S,
    py: (/** @type {number} */ y) => pad + (flipped ? y : t.height - 1 - y) * S,
  };
}

/** The board's marks: what is drawn under the pieces on a square: burned, or what the game
 * marks there (the table's `marks`, each game's own in the core: Jeson Mor's centre, Claustro's
 * goals and corners).
 * @param {Table} t
 * @param {number} x
 * @param {number} y
 * @param {string} ch */
function markOf(t, x, y, ch) {
  if (ch === '*') return 'burned';
  const mark = (t.marks || []).find((m) => m.x === x && m.y === y);
  return mark && mark.kind in MARK_TITLES ? mark.kind : null;
}

/** @type {Record<string, string>} */
const MARK_TITLES = {
  burned: 'burned', centre: 'centre', 'goal-white': "white's goal",
  'goal-black': "black's goal", corner: 'neutral corner',
};

/** Draws the board of `state`: its table, the move being entered, a piece dragged or arriving,
 * the analysis arrows.
 * @param {PageState} state */
export function renderBoard(state) {
  const t = state.table;
  const svg = $('board');
  svg.replaceChildren();
  if (!t) return;
  const g = geometry(t, state.flipped);
  // Claustro may be drawn as it is played: the grid turned 45 degrees, white's goal on top.
  g.diamond = state.diamond && t.game === 'claustro';
  let box = [0, 0, g.w, g.h];
  if (g.diamond) {
    const cx = g.left + (t.width * S) / 2, cy = g.pad + (t.height * S) / 2;
    const half = ((t.width + t.height) * S) / (2 * Math.SQRT2) + g.font * 1.6;
    g.turn = `rotate(-45 ${cx} ${cy})`;
    box = [cx - half, cy - half, 2 * half, 2 * half];
  }
  svg.setAttribute('viewBox', box.join(' '));
  svg.parentElement.style.setProperty('--aspect', (box[2] / box[3]).toFixed(4));
  svg.setAttribute('aria-label', `${gameTitle(t)} ${t.width}x${t.height} board`);

  // Hatching for Claustro's neutral corners.
  const defs = svgEl('defs', {}, svg);
  const hatch = svgEl('pattern', { id: 'hatch', width: 16, height: 16, patternUnits: 'userSpaceOnUse',
    patternTransform: 'rotate(45)' }, defs);
  svgEl('rect', { width: 16, height: 16, class: 'hatch-bg' }, hatch);
  svgEl('line', { x1: 0, y1: 0, x2: 0, y2: 16, class: 'hatch-line' }, hatch);

  /** @type {Record<string, SVGElement>} */
  const layers = {};
  const root = g.diamond ? svgEl('g', { transform: g.turn }, svg) : svg;
  for (const name of ['squares', 'marks', 'highlights', 'coords', 'pieces', 'arrows']) {
    layers[name] = svgEl('g', { class: name }, root);
  }
  const e = state.entry;
  const picked = new Set(e.path);
  const next = new Set(e.next);
  const last = new Set(t.last_move || []);
  const movable = state.movableFor === t.version && canEnter(t) ? state.movable : new Set();
  const ghost = e.path.length > 1 && t.game !== 'claustro';
  let ghostPiece = null;

  for (let y = 0; y < t.height; y++) {
    const row = t.board[t.height - 1 - y];
    for (let x = 0; x < t.width; x++) {
      const sq = squareName(x, y);
      const ch = row[x];
      const px = g.px(x), py = g.py(y);
      const mark = markOf(t, x, y, ch);
      const cls = ['square', (x + y) % 2 === 0 ? 'dark' : 'light'];
      if (mark) cls.push(mark);
      if (movable.has(sq)) cls.push('movable');
      if (next.has(sq)) cls.push('target');
      if (picked.has(sq)) cls.push('picked');
      const rect = svgEl('rect', { x: px, y: py, width: S, height: S, class: cls.join(' '),
        'data-square': sq }, layers.squares);
      svgEl('title', {}, rect).textContent = mark ? `${sq} (${MARK_TITLES[mark]})` : sq;
      if (mark) drawMark(layers.marks, mark, px, py);
      if (last.has(sq)) svgEl('rect', { x: px, y: py, width: S, height: S, class: 'last' }, layers.highlights);
      if (picked.has(sq)) svgEl('rect', { x: px, y: py, width: S, height: S, class: 'picked-ov' }, layers.highlights);
      if (next.has(sq)) {
        // The square a move leaves is empty once it has gone on (Claustro puts a captured pawn
        // back there: `b2c3b2`).
        const occupied = 'NnPp'.includes(ch) && !(e.path.length > 1 && sq === e.path[0]);
        svgEl('circle', { cx: px + S / 2, cy: py + S / 2, r: occupied ? S * 0.44 : S * 0.15,
          class: occupied ? 'target-ring' : 'target-dot' }, layers.highlights);
      }
      if ('NnPp'.includes(ch)) {
        const dragged = state.drag?.active && sq === state.drag.sq;
        const moving = (ghost && sq === e.path[0]) || dragged;
        drawPiece(layers.pieces, ch, sq, px, py, moving ? 'lifted' : '');
        if (moving) ghostPiece = ch;
      }
    }
  }
  // A jump being entered (Apart): the piece is shown where it has landed so far.
  if (ghost && ghostPiece) {
    const { x, y } = parseSquare(e.path[e.path.length - 1]);
    drawPiece(layers.pieces, ghostPiece, null, g.px(x), g.py(y), 'ghost');
    const pts = e.path.map((s) => { const p = parseSquare(s); return `${g.px(p.x) + S / 2},${g.py(p.y) + S / 2}`; });
    svgEl('polyline', { points: pts.join(' '), class: 'entry-path' }, layers.highlights);
  }
  drawCoords(layers.coords, t, g);
  state.arrows = { layer: layers.arrows, g };
  drawArrows(state);
  if (state.arrival && state.arrival.version === t.version) slideIn(layers.pieces, g, state.arrival.from, state.arrival.to);
  state.arrival = null;
}

/** How long a piece slides to the square it moved to. */
const SLIDE_MS = 160;

/** The piece drawn on square `to` slides there from square `from` (the move just played).
 * @param {SVGElement} layer
 * @param {any} g
 * @param {string} from
 * @param {string} to */
function slideIn(layer, g, from, to) {
  const piece = layer.querySelector(`.piece[data-square="${to}"]`);
  if (!piece || from === to) return;
  const a = parseSquare(from), b = parseSquare(to);
  const [x0, y0, x1, y1] = [g.px(a.x), g.py(a.y), g.px(b.x), g.py(b.y)];
  const began = performance.now();
  const step = (/** @type {number} */ now) => {
    const k = Math.min(1, (now - began) / SLIDE_MS);
    const e = 1 - (1 - k) * (1 - k); // ease out
    piece.setAttribute('transform', `translate(${x0 + (x1 - x0) * e} ${y0 + (y1 - y0) * e})`);
    if (k < 1 && piece.isConnected) requestAnimationFrame(step);
  };
  step(began);
}

/** Draws the mark `mark` (markOf) on the square whose top-left corner is (`px`, `py`).
 * @param {SVGElement} layer
 * @param {string} mark
 * @param {number} px
 * @param {number} py */
function drawMark(layer, mark, px, py) {
  const cx = px + S / 2, cy = py + S / 2;
  if (mark === 'burned') {
    const d = S * 0.22;
    svgEl('path', { d: `M ${cx - d} ${cy - d} L ${cx + d} ${cy + d} M ${cx + d} ${cy - d} L ${cx - d} ${cy + d}`,
      class: 'burn-cross' }, layer);
  } else if (mark === 'centre') {
    svgEl('circle', { cx, cy, r: S * 0.42, class: 'centre-ring' }, layer);
    svgEl('circle', { cx, cy, r: S * 0.08, class: 'centre-dot' }, layer);
  } else if (mark === 'goal-white' || mark === 'goal-black') {
    // a star in the owner's colour inside a dashed frame: not to be mistaken for a pawn
    const who = mark === 'goal-white' ? 'white' : 'black';
    const inset = S * 0.08;
    svgEl('rect', { x: px + inset, y: py + inset, width: S - 2 * inset, height: S - 2 * inset, rx: S * 0.06,
      class: `goal-frame ${who}` }, layer);
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const r = i % 2 === 0 ? S * 0.3 : S * 0.13, a = -Math.PI / 2 + (i * Math.PI) / 5;
      pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
    }
    svgEl('polygon', { points: pts.join(' '), class: `goal-star ${who}` }, layer);
  } else if (mark === 'corner') {
    svgEl('rect', { x: px, y: py, width: S, height: S, class: 'corner-fill' }, layer);
  }
}

/** Draws the piece `ch` (`N`, `n`, `P`, `p`) of square `sq` (null: a piece on its way) at
 * (`px`, `py`), with the classes `extra`.
 * @param {Element} layer
 * @param {string} ch
 * @param {string | null} sq
 * @param {number} px
 * @param {number} py
 * @param {string} [extra] */
export function drawPiece(layer, ch, sq, px, py, extra) {
  const white = ch === ch.toUpperCase();
  /** @type {Record<string, string>} */
  const attrs = { class: `piece ${white ? 'white' : 'black'} ${extra || ''}`.trim(),
    transform: `translate(${px} ${py})` };
  if (sq) Object.assign(attrs, { 'data-square': sq, 'data-piece': ch });
  const gEl = svgEl('g', attrs, layer);
  if (ch === 'N' || ch === 'n') {
    const k = svgEl('g', { transform: `translate(${S * 0.05} ${S * 0.02}) scale(${S * 0.009})` }, gEl);
    svgEl('path', { d: KNIGHT_PATH, class: 'body' }, k);
    svgEl('circle', { cx: 41, cy: 35, r: 3.5, class: 'eye' }, k);
  } else {
    svgEl('circle', { cx: S / 2, cy: S / 2, r: S * 0.36, class: 'body' }, gEl);
    svgEl('circle', { cx: S / 2, cy: S / 2, r: S * 0.22, class: 'inner' }, gEl);
  }
}

/** Draws the files' letters and the ranks' numbers.
 * @param {SVGElement} layer
 * @param {Table} t
 * @param {any} g */
function drawCoords(layer, t, g) {
  const label = (/** @type {number} */ x, /** @type {number} */ y, /** @type {string} */ text) => {
    const el = svgEl('text', { x, y: y + g.font * 0.35, 'font-size': g.font, 'text-anchor': 'middle',
      class: 'coord' }, layer);
    if (g.diamond) el.setAttribute('transform', `rotate(45 ${x} ${y})`); // upright on a turned board
    el.textContent = text;
  };
  for (let x = 0; x < t.width; x++) label(g.px(x) + S / 2, g.pad + t.height * S + g.bottom * 0.45, fileName(x));
  for (let y = 0; y < t.height; y++) label(g.left * 0.5, g.py(y) + S / 2, String(y + 1));
}

/** Analysis arrows: along the first move's path of each line, the best one on top. Only this
 * layer is redrawn when analysis comes in, so that a click on the board is never cut in two. */
/** @param {PageState} state */
export function drawArrows(state) {
  const t = state.table, a = state.analysis;
  if (!state.arrows) return;
  const { layer, g } = state.arrows;
  layer.replaceChildren();
  if (!t || !a || !t.analysis.on) return;
  const lines = [...a.lines].sort((p, q) => q.multipv - p.multipv); // worst first, best last
  for (const line of lines) {
    const path = line.paths?.[0];
    if (!path || path.length < 2) continue;
    const best = line.multipv === 1;
    const width = best ? S * 0.2 : S * 0.12;
    const pts = path.map((s) => {
      const { x, y } = parseSquare(s);
      return [g.px(x) + S / 2, g.py(y) + S / 2];
    });
    drawArrow(layer, pts, width, best ? 'arrow best' : 'arrow other');
  }
}

/** Draws an arrow along the points `pts` (the first move's path), `width` wide.
 * @param {SVGElement} layer
 * @param {number[][]} pts
 * @param {number} width
 * @param {string} cls */
function drawArrow(layer, pts, width, cls) {
  const [x1, y1] = pts[pts.length - 2];
  const [x2, y2] = pts[pts.length - 1];
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
  const head = Math.min(width * 2.2, len * 0.4); // short moves get a smaller head
  // The line stops at the base of the arrow head.
  const bx = x2 - ux * head, by = y2 - uy * head;
  const linePts = pts.slice(0, -1).concat([[bx, by]]);
  // Start a little off the centre of the first square so the piece stays visible.
  const [sx, sy] = pts[0], [tx, ty] = pts[1];
  const sl = Math.hypot(tx - sx, ty - sy) || 1, off = Math.min(S * 0.3, sl / 3);
  linePts[0] = [sx + ((tx - sx) / sl) * off, sy + ((ty - sy) / sl) * off];
  const gEl = svgEl('g', { class: cls }, layer);
  svgEl('polyline', { points: linePts.map((p) => p.join(',')).join(' '), 'stroke-width': width,
    fill: 'none', 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }, gEl);
  const nx = -uy, ny = ux, hw = Math.min(width * 1.5, head * 0.75);
  svgEl('polygon', { points: `${x2},${y2} ${bx + nx * hw},${by + ny * hw} ${bx - nx * hw},${by - ny * hw}` }, gEl);
}

