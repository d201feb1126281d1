// tabula gui: the "Perfect play" card: each legal move of the position shown with its proven
// value (the table's `probe`), listed as lichess's tablebase explorer lists them: wins first
// (green), draws (grey), losses (red), unknown last, and the position's value on top. The
// values are asked only while the card is open, once for each position (the card says
// "proving…" meanwhile); a click on a move plays it.
// @ts-check
import { api } from './connection.js';
import { $, cap, h, showError } from './dom.js';
import { sendMove } from './move-entry.js';
import { canEnter, ui } from './state.js';

/** @typedef {import('./state.js').Table} Table */
/** A move and its value for the side that plays it (docs/gui.md, `probe`).
 * @typedef {{move: string, result: 'win' | 'loss' | 'draw' | null, plies: number | null}} ProbedMove */
/** The answer to `probe`: the position's value for the side to move, and every legal move's.
 * @typedef {{position: 'win' | 'loss' | 'draw' | null, plies: number | null, moves: ProbedMove[]}} PerfectPlay */

/** How long the position must stay before it is probed: the "proving…" line is drawn first,
 * and running through a game's moves asks only for the position it stops at. */
const SETTLE_MS = 120;

/** The last answer, for the position `key`: its values, or why there are none.
 * @type {{key: string, answer: PerfectPlay | null, error: string}} */
let answered = { key: '', answer: null, error: '' };
/** The position being probed, if one is. */
let asking = '';

/** What the values depend on: the table and the position shown.
 * @param {Table} t */
const positionKey = (t) => `${t.id} ${t.game} ${t.ply} ${t.position}`;

/** A value in words, as lichess writes them: `Win in 7`, `Loss`, `Draw`, `Unknown`.
 * @param {string | null} result
 * @param {number | null} plies */
export function valueText(result, plies) {
  if (!result) return 'Unknown';
  return plies == null || result === 'draw' ? cap(result) : `${cap(result)} in ${plies}`;
}

/** The card, for the position shown: its values if they are known, else asked for. */
export function renderPerfectPlay() {
  const t = ui.table;
  if (!t || !$('perfect-play').open) return;
  const key = positionKey(t);
  if (answered.key === key) draw(t);
  else if (asking !== key) {
    asking = key;
    $('perfect-play-head').textContent = 'Proving…';
    $('perfect-play-moves').replaceChildren();
    showError($('perfect-play-error'), '');
    ask(key);
  }
}

/** Asks the table for the values of the position `key`, once it has stayed a moment.
 * @param {string} key */
async function ask(key) {
  await new Promise((resolve) => { setTimeout(resolve, SETTLE_MS); });
  if (asking !== key) return;
  /** @type {PerfectPlay | null} */
  let answer = null;
  let error = '';
  try {
    answer = /** @type {PerfectPlay} */ (await api('POST', `/api/tables/${ui.id}/probe`, {}));
  } catch (e) {
    error = /** @type {Error} */ (e).message;
  }
  if (asking !== key) return;
  asking = '';
  // The answer is for the position the table showed when it was asked: if another is shown
  // now, it is asked again.
  if (ui.table && positionKey(ui.table) === key) answered = { key, answer, error };
  renderPerfectPlay();
}

/** Draws the answer for the position of `t`.
 * @param {Table} t */
function draw(t) {
  const { answer, error } = answered;
  showError($('perfect-play-error'), error ? `Cannot probe: ${error}` : '');
  const list = $('perfect-play-moves');
  if (!answer) {
    $('perfect-play-head').textContent = '';
    list.replaceChildren();
    return;
  }
  if (t.result) {
    $('perfect-play-head').textContent = 'The game is over: no move to probe.';
    list.replaceChildren();
    return;
  }
  $('perfect-play-head').replaceChildren(`${cap(t.side)} to move: `,
    h('strong', `value ${answer.position || 'unknown'}`, valueText(answer.position, answer.plies)));
  const playable = canEnter(t);
  list.replaceChildren(...answer.moves.map((m) => {
    const button = h('button', `probed ${m.result || 'unknown'}`);
    button.type = 'button';
    button.dataset.move = m.move;
    button.disabled = !playable;
    button.title = playable ? `Play ${m.move}` : 'No move may be played here now';
    button.append(h('span', 'move', m.move), h('span', 'value', valueText(m.result, m.plies)));
    const li = h('li');
    li.appendChild(button);
    return li;
  }));
}

/** Listens to the card: opening it asks for the values, a click on a move plays it. */
export function wirePerfectPlay() {
  $('perfect-play').addEventListener('toggle', renderPerfectPlay);
  $('perfect-play-moves').addEventListener('click', (/** @type {MouseEvent} */ ev) => {
    const button = /** @type {any} */ (ev.target).closest?.('button[data-move]');
    if (button && !button.disabled) sendMove(button.dataset.move);
  });
}
