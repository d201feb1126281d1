// tabula gui: the table shown, as the tables tell it: a new Table or Analysis is taken into the
// page's state (what changed ends a move being entered, moves the board's piece, sounds) and
// the page drawn again; and the page's requests to its table.
// @ts-check
import { renderAnalysis } from './analysis-view.js';
import { drawArrows } from './board.js';
import { api } from './connection.js';
import { $, notice, showError } from './dom.js';
import { moveSound } from './feel.js';
import { keepNow } from './keeping.js';
import { loadMovable, resetEntry } from './move-entry.js';
import { showSizes } from './panel.js';
import { canEnter, entryKey, newGameId, personSide, sortedJson, ui } from './state.js';
import { renderAll } from './views.js';

/** @typedef {import('./state.js').Table} Table */

/** Shows a Table (from `state` or from an answer), unless it is older than the one shown.
 * @param {Table} t */
export function applyTable(t) {
  if (!t || t.id !== ui.id) return;
  const old = ui.table;
  // An equal version still counts: engine status, failures and a review's progress come
  // without a new version, told apart by `sent` (an answer may arrive after later events).
  if (old && (t.version < old.version || (t.version === old.version && t.sent < old.sent))) return;
  const positionChanged = !old || old.position !== t.position || old.ply !== t.ply ||
    old.game !== t.game || old.moves.length !== t.moves.length;
  ui.table = t;
  ui.clockAt = performance.now();
  if (!old || old.game !== t.game || old.width !== t.width || old.height !== t.height) {
    // a new game or size: show it in the new-game controls
    $('game').value = t.game;
    $('size').value = `${t.width}x${t.height}`;
    const g = ui.info?.games.find((x) => x.name === t.game);
    if (g) showSizes(g);
  }
  // Playing black against an engine: black at the bottom (and back when the players change; the
  // same players in another order of their keys are no change, and leave a flip alone).
  const person = personSide(t);
  if ((!old || sortedJson(old.players) !== sortedJson(t.players)) && person) ui.flipped = person === 'black';
  if (positionChanged) {
    ui.positionSince = t.version;
    ui.analysis = null;
    // The position field follows the board again: a string that was refused, and its error,
    // are dropped (text being typed into the field stays until it is left).
    ui.positionDirty = false;
    showError($('position-error'), '');
  }
  if (!t.analysis.on) ui.analysis = null;
  // A change of the position (or of who may move) ends a move being entered, and the start
  // squares are asked again; other changes (an engine's status, say) leave the entry alone.
  if (!old || entryKey(old) !== entryKey(t)) {
    resetEntry();
    ui.movable = new Set();
    ui.movableFor = -1;
    if (canEnter(t)) loadMovable(t);
  } else if (ui.movableFor === old.version) {
    ui.movableFor = t.version;
  }
  // A move just played at the end of the game: the piece slides there, and a sound.
  if (old && old.id === t.id && t.moves.length === old.moves.length + 1 && t.ply === t.moves.length &&
    old.ply === old.moves.length && (t.last_move || []).length >= 2) {
    const path = t.last_move || [];
    const to = t.game === 'claustro' ? path[1] : path[path.length - 1];
    if (ui.options.animate !== false && !ui.dragEnded) ui.arrival = { version: t.version, from: path[0], to };
    moveSound();
  }
  renderAll();
  keepNow();
}

/** Shows an Analysis if it is for the position shown.
 * @param {import('./state.js').Analysis} a */
export function applyAnalysis(a) {
  const t = ui.table;
  if (!t || !t.analysis.on || a.version < ui.positionSince) return;
  ui.analysis = a;
  drawArrows(ui);
  renderAnalysis();
}

/** Posts to our table; shows the new table, or the error in `errEl` (else a notice).
 * @param {string} path
 * @param {unknown} body
 * @param {HTMLElement} [errEl]
 * @returns {Promise<Table | null>} */
export async function tablePost(path, body, errEl) {
  if (errEl) showError(errEl, '');
  try {
    const t = await api('POST', `/api/tables/${ui.id}/${path}`, body);
    applyTable(t);
    return t;
  } catch (e) {
    if (errEl) showError(errEl, e.message);
    else notice('error', e.message);
    return null;
  }
}

/** As `tablePost`, for a request that begins another game on the table (a new game, a
 * position, a record): kept apart from the one before.
 * @param {string} path
 * @param {unknown} body
 * @param {HTMLElement} errEl */
export async function newGamePost(path, body, errEl) {
  const before = ui.gameId;
  ui.gameId = newGameId();
  const t = await tablePost(path, body, errEl);
  if (!t) ui.gameId = before;
  else if (path === 'new') ui.standardStarts[`${t.game} ${t.width}x${t.height}`] = t.start;
  return t;
}

