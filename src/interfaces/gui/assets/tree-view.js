// tabula gui: the move list (the tree view): numbered rows of the main line, and the side lines
// of the Table's move tree (tree.js) on rows of their own under the move they replace, with
// their buttons (promote, delete); and the navigation buttons under it.
// @ts-check
import { $, h } from './dom.js';
import { MARKS } from './review-graph.js';
import { bookMoves, isPlaying, judgedMove, shownTable } from './state.js';
import { mainLine, mainPlaces, moveLabels, onSideLine, sideRows } from './tree.js';

/** @typedef {import('./tree.js').SideRow} SideRow */

/** The move list: numbered rows of the main line, each move a span with data-ply (the ply after
 * it) and data-node (its node's place in the tree); the side lines on rows of their own under
 * the move they replace, each of their moves a span with data-index (from 0) and data-node, in
 * a row with data-line (its index among the rows) and data-node (its first move's node). */
export function renderMoves() {
  const t = shownTable();
  const main = mainLine(t);
  const places = mainPlaces(t);
  const box = $('moves');
  const fields = t.start.trim().split(/\s+/);
  const blackFirst = fields[1] === 'b';
  let number = parseInt(fields[3], 10) || 1;
  const frag = document.createDocumentFragment();
  const addNum = (/** @type {number} */ n) => frag.appendChild(h('span', 'num', `${n}.`));
  /** @type {any} */
  let current = null;
  const shown = t.lines.node;
  const aside = onSideLine(t);
  const rows = sideRows(t);
  let next = 0;
  /** A side line's row.
   * @param {SideRow} row
   * @param {number} index */
  const addLine = (row, index) => {
    const viewing = row.moves.some(({ place }) => place === shown);
    const div = h('div', viewing ? 'side-line viewing' : 'side-line');
    div.dataset.line = String(index);
    div.dataset.node = String(row.moves[0].place);
    div.style.setProperty('--depth', String(row.depth));
    const text = h('span', 'side-moves', '(');
    const labels = moveLabels(t.start, row.at, row.moves.length);
    row.moves.forEach(({ place, move }, k) => {
      if (k) text.append(' ');
      if (labels[k]) text.append(`${labels[k]} `);
      const s = h('span', 'side-move', move);
      s.dataset.index = String(k);
      s.dataset.node = String(place);
      s.title = `go to the position after ${move} in this side line`;
      if (place === shown) { s.classList.add('current'); current = s; }
      text.append(s);
    });
    text.append(')');
    div.append(text);
    const promote = h('button', 'promote', '↑');
    promote.type = 'button';
    promote.title = 'Make this side line the main line (the main line\'s own moves become a side line)';
    const remove = h('button', 'delete', '×');
    remove.type = 'button';
    remove.title = 'Delete this side line (and those that branch from it)';
    div.append(promote, remove);
    frag.appendChild(div);
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
    s.dataset.node = String(places[i]);
    s.title = `go to the position after ${m}`;
    const judged = aside ? null : judgedMove(t, i + 1);
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
    if (places[i] === shown) { s.classList.add('current'); current = s; }
    if (!aside && i + 1 > t.ply) s.classList.add('after');
    frag.appendChild(s);
    // The side lines this move replaced, on rows of their own; a black move after them is
    // numbered again.
    const first = next;
    while (next < rows.length && (rows[next].depth > 0 || rows[next].at === i)) addLine(rows[next], next++);
    if (next > first && whiteMove && i + 1 < main.length) {
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
