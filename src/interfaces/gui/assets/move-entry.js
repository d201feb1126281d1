// tabula gui: entering a move on the board, by clicks (mouse or touch) or by dragging a piece,
// driven by the tables' `targets` (the page never decides whether a move is legal): the squares
// clicked so far are `ui.entry`, and a complete move is given out to `play` (wireMoveEntry).
// @ts-check
import { drawPiece, renderBoard, S } from './board.js';
import { $, showError } from './dom.js';
import { api } from './connection.js';
import { renderStatus } from './panel.js';
import { canEnter, entryKey, ui } from './state.js';

/** @typedef {import('./state.js').Table} Table */

/** Plays a complete move; resolves to the table that played it, or null if it was refused.
 * @type {(move: string) => Promise<unknown>} */
let play = async () => null;

/** Forgets the move being entered (answers still on their way are dropped). */
export function resetEntry() {
  ui.entry = { path: [], next: [], complete: null };
  ui.entrySeq++;
}

/** Asks for the start squares of the position shown.
 * @param {Table} t */
export async function loadMovable(t) {
  const seq = ui.entrySeq, key = entryKey(t);
  try {
    const r = await api('POST', `/api/tables/${ui.id}/targets`, { path: [] });
    if (!ui.table || entryKey(ui.table) !== key || seq !== ui.entrySeq) return;
    ui.movable = new Set(r.next);
    ui.movableFor = ui.table.version;
    renderBoard(ui);
  } catch (e) {
    if (ui.table && entryKey(ui.table) === key) showError($('move-error'), /** @type {Error} */ (e).message);
  }
}

/** Asks which squares may follow `path`, then sends the move or waits for the next click.
 * @param {string[]} path */
async function extendEntry(path) {
  if (!ui.table) return;
  const key = entryKey(ui.table);
  const seq = ++ui.entrySeq;
  let r;
  try {
    r = await api('POST', `/api/tables/${ui.id}/targets`, { path });
  } catch (e) {
    if (ui.table && entryKey(ui.table) === key && seq === ui.entrySeq) {
      showError($('move-error'), /** @type {Error} */ (e).message);
      cancelEntry();
    }
    return;
  }
  if (!ui.table || entryKey(ui.table) !== key || seq !== ui.entrySeq) return;
  if (r.complete && r.next.length === 0) {
    sendMove(r.complete);
    return;
  }
  if (r.next.length === 0) { // nothing can follow (should not happen): start again
    cancelEntry();
    return;
  }
  ui.entry = { path, next: r.next, complete: r.complete };
  renderBoard(ui);
  renderStatus();
}

/** Cancels the move being entered (Escape). */
export function cancelEntry() {
  resetEntry();
  renderBoard(ui);
  renderStatus();
}

/** A click on a square of the board.
 * @param {string} sq */
function onSquare(sq) {
  const t = ui.table;
  if (!canEnter(t)) return;
  showError($('move-error'), '');
  const e = ui.entry;
  if (e.path.length === 0) {
    if (ui.movable.has(sq)) extendEntry([sq]);
    return;
  }
  const last = e.path[e.path.length - 1];
  if (e.complete && sq === last && e.path.length > 1) {
    sendMove(e.complete); // clicking the last square again ends the turn
  } else if (e.next.includes(sq)) {
    extendEntry([...e.path, sq]);
  } else if (ui.movable.has(sq) && sq !== e.path[0]) {
    extendEntry([sq]);
  } else {
    cancelEntry();
  }
}

/** Plays `move` (a complete move, or `0000`: a pass); a refusal draws the board again.
 * @param {string} move */
export async function sendMove(move) {
  resetEntry();
  renderBoard(ui);
  if (!(await play(move))) {
    renderBoard(ui);
    renderStatus();
  }
}

/** Ends the turn at the square the jump has reached (End turn, Enter). */
export function endTurn() {
  const e = ui.entry;
  if (e.complete) sendMove(e.complete);
}

/** Listens to clicks and drags on the board; the moves they make are given to `playMove`.
 * @param {(move: string) => Promise<unknown>} playMove */
export function wireMoveEntry(playMove) {
  play = playMove;
  // Mouse and touch both give a click.
  $('board').addEventListener('click', (/** @type {MouseEvent} */ ev) => {
    if (ui.dragEnded) return; // the click that ends a drag
    const sq = /** @type {any} */ (ev.target).closest?.('[data-square]');
    if (sq) onSquare(sq.dataset.square);
  });
  wireDrag();
}

// Drag and drop (mouse, pen and finger): press on a piece, drop it on a marked square. A finger
// on the board drags (style.css: no panning there; the page scrolls from outside the board).
// The same `targets` answers as for clicks are used.
function wireDrag() {
  const svg = $('board');
  svg.addEventListener('pointerdown', (/** @type {PointerEvent} */ ev) => {
    const el = /** @type {any} */ (ev.target).closest?.('[data-square]');
    if (ev.button !== 0 || !el || !canEnter(ui.table)) return;
    const sq = el.dataset.square;
    if (!ui.movable.has(sq) || ui.entry.path.length > 1) return; // not in the middle of a jump
    ui.drag = { sq, x: ev.clientX, y: ev.clientY, active: false, ready: null, id: ev.pointerId };
  });
  svg.addEventListener('pointermove', (/** @type {PointerEvent} */ ev) => {
    const d = ui.drag;
    if (!d || d.id !== ev.pointerId) return;
    if (!d.active) {
      if (Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 6) return;
      d.active = true;
      svg.setPointerCapture(ev.pointerId);
      const picked = ui.entry.path.length === 1 && ui.entry.path[0] === d.sq;
      d.ready = picked ? Promise.resolve() : extendEntry([d.sq]);
      renderBoard(ui);
    }
    drawDragged(ev, d.sq);
  });
  const drop = async (/** @type {PointerEvent} */ ev, /** @type {boolean} */ cancelled) => {
    const d = ui.drag;
    if (!d || d.id !== ev.pointerId) return;
    ui.drag = null;
    if (!d.active) return; // a plain click: the click handler does it
    ui.dragEnded = true; // the click that follows this pointerup (same task) is not a click
    setTimeout(() => { ui.dragEnded = false; }, 0);
    const under = /** @type {any} */ (document.elementFromPoint(ev.clientX, ev.clientY));
    const target = !cancelled && under?.closest?.('#board [data-square]');
    await d.ready;
    renderBoard(ui);
    const sq = target?.dataset.square;
    if (sq && sq !== d.sq && ui.entry.path.length === 1 && ui.entry.path[0] === d.sq) onSquare(sq);
  };
  svg.addEventListener('pointerup', (/** @type {PointerEvent} */ ev) => drop(ev, false));
  svg.addEventListener('pointercancel', (/** @type {PointerEvent} */ ev) => drop(ev, true));
}

/** Draws the piece dragged from square `sq` under the pointer.
 * @param {PointerEvent} ev
 * @param {string} sq */
function drawDragged(ev, sq) {
  const svg = $('board');
  const old = svg.querySelector('.piece.dragging');
  if (old) old.remove();
  const piece = svg.querySelector(`.piece[data-square="${sq}"]`);
  const ctm = svg.getScreenCTM();
  if (!piece || !ctm) return;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
  drawPiece(svg, piece.dataset.piece, null, p.x - S / 2, p.y - S / 2, 'dragging');
}
