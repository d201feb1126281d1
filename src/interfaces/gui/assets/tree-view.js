// tabula gui: the move list (the tree view): numbered rows of the main line, and a study
// board's side lines on rows of their own under the move they replace, with their buttons
// (promote, delete); and the navigation buttons under it.
// @ts-check
import { $, h } from './dom.js';
import { branchesOf, commonLength, numbered, pathOf, sameMoves } from './lines.js';
import { MARKS } from './review-graph.js';
import { bookMoves, isPlaying, judgedMove, mainLine, shownTable, ui } from './state.js';

/** @typedef {import('./state.js').SideLine} SideLine */

/** The move list: numbered rows of the main line, each move a span with data-ply (the ply after
 * it); the side lines on rows of their own under the move they replace, each of their moves a
 * span with data-index (from 0) in a row with data-line (its index in `ui.sideLines`). */
export function renderMoves() {
  const t = shownTable();
  const main = mainLine(t);
  const box = $('moves');
  const fields = t.start.trim().split(/\s+/);
  const blackFirst = fields[1] === 'b';
  let number = parseInt(fields[3], 10) || 1;
  const frag = document.createDocumentFragment();
  const addNum = (/** @type {number} */ n) => frag.appendChild(h('span', 'num', `${n}.`));
  /** @type {any} */
  let current = null;
  // Whether the position shown is on the main line, and its moves (to find it in a side line).
  const onMain = commonLength(main, t.moves) >= t.ply;
  const shown = t.moves.slice(0, t.ply);
  const lines = branchesOf(main, 0);
  /** A side line's row, then the rows of the side lines that branch from it. */
  const addLine = (/** @type {SideLine} */ l, /** @type {number} */ index, /** @type {number} */ depth) => {
    const row = h('div', ui.viewing === l ? 'side-line viewing' : 'side-line');
    row.dataset.line = String(index);
    row.style.setProperty('--depth', String(depth));
    const text = h('span', 'side-moves', '(');
    numbered(t.start, l.at, l.moves).forEach(({ label, move }, k) => {
      if (k) text.append(' ');
      if (label) text.append(`${label} `);
      const s = h('span', 'side-move', move);
      s.dataset.index = String(k);
      s.title = `go to the position after ${move} in this side line`;
      const ply = l.at + k + 1;
      if (ply === t.ply && sameMoves(shown, pathOf(l).slice(0, ply))) { s.classList.add('current'); current = s; }
      text.append(s);
    });
    text.append(')');
    row.append(text);
    const promote = h('button', 'promote', '↑');
    promote.type = 'button';
    promote.title = 'Make this side line the main line (the main line\'s own moves become a side line)';
    const remove = h('button', 'delete', '×');
    remove.type = 'button';
    remove.title = 'Delete this side line (and those that branch from it)';
    row.append(promote, remove);
    frag.appendChild(row);
    for (const b of branchesOf(pathOf(l), l.at + 1)) addLine(b.l, b.index, depth + 1);
  };
  main.forEach((m, i) => {
    const whiteMove = (i % 2 === 0) !== blackFirst;
    if (i === 0 && blackFirst) {
      addNum(number);
      frag.appendChild(h('span', 'gap', '…')); // not a .move: black moved first
    } else if (whiteMove) {
      addNum(number);
    }
    const s = h('span', 'move', m);
    s.dataset.ply = String(i + 1);
    s.title = `go to the position after ${m}`;
    const judged = ui.viewing ? null : judgedMove(t, i + 1);
    if (i < bookMoves(t)) {
      s.classList.add('book');
      s.dataset.book = 'true';
      s.title = `${m}: a book move (the record's opening), not judged`;
    } else if (judged?.mark) {
      s.classList.add(`mark-${judged.mark}`);
      s.dataset.mark = judged.mark;
      s.appendChild(h('span', 'mark', MARKS[judged.mark]));
      s.title = `${judged.mark} (loss ${judged.loss.toFixed(3)}): best was ${judged.best}`;
    }
    if (onMain && i + 1 === t.ply) { s.classList.add('current'); current = s; }
    if (!ui.viewing && i + 1 > t.ply) s.classList.add('after');
    frag.appendChild(s);
    // The side lines this move replaced, on rows of their own; a black move after them is
    // numbered again.
    const here = lines.filter(({ l }) => l.at === i);
    for (const { l, index } of here) addLine(l, index, 0);
    if (here.length && whiteMove && i + 1 < main.length) {
      addNum(number);
      frag.appendChild(h('span', 'gap', '…'));
    }
    if (!whiteMove) number++;
  });
  box.replaceChildren(frag);
  if (!main.length) {
    box.appendChild(h('span', 'muted small none', 'No moves yet.'));
  }
  // Keep the current move in view (scrolling the list only, not the page).
  if (current) {
    const top = current.offsetTop; // .moves is the offset parent
    if (top < box.scrollTop || top + current.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = top - box.clientHeight / 2;
    }
  } else if (t.ply === 0) {
    box.scrollTop = 0;
  }
  // The buttons and keys step along the line shown (a side line's, inside one).
  $('nav-first').disabled = $('nav-prev').disabled = t.ply === 0;
  $('nav-next').disabled = $('nav-last').disabled = t.ply >= t.moves.length;
  // In a game with an engine or clocks, take back works from the end; otherwise from the
  // position shown.
  $('undo').disabled = isPlaying(t) ? t.moves.length === 0 : t.ply === 0;
}
