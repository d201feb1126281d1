// tabula gui: a study board's side lines as the page asks its table for them (the desk keeps
// the move tree, tree.js reads it): a move played (off the line shown it starts or follows a
// side line), a node's line shown, a side line promoted or deleted, a take back, the way back
// to the main line, and what a loaded record's side lines left out say.
// @ts-check
import { $, showError } from './dom.js';
import { shownTable } from './state.js';
import { tablePost } from './table.js';
import { mainLine, mainPlaces, onSideLine } from './tree.js';

/** @typedef {import('./state.js').Table} Table */

/** Plays `move` at the position shown; shows a refusal under the board. The table, or null.
 * @param {string} move */
export const playMove = (move) => tablePost('move', { move }, $('move-error'));

/** Takes back the move before the position shown (in a game played, from its end). */
export const takeBack = () => tablePost('undo', undefined, $('move-error'));

/** Shows the position after the node at `node` of the move tree, on the line through it.
 * @param {number} node */
export const showNode = (node) => tablePost('line', { node }, $('move-error'));

/** Makes the line through the node at `node` the main line.
 * @param {number} node */
export const promoteLine = (node) => tablePost('promote', { node }, $('move-error'));

/** Deletes the side line from the node at `node`.
 * @param {number} node */
export const deleteLine = (node) => tablePost('delete', { node }, $('move-error'));

/** Back to the main line (where the side line shown branches) if a side line is shown. */
export async function toMainLine() {
  const t = shownTable();
  if (!onSideLine(t)) return;
  const main = mainLine(t);
  let at = 0;
  while (at < t.ply && at < main.length && main[at] === t.moves[at]) at++;
  await showNode(at ? mainPlaces(t)[at - 1] : 0);
}

/** Says under *Load record* which of the record's side lines were left out, if any were.
 * @param {Table | null} t the table after the record was loaded */
export function sayLeftOut(t) {
  const said = t?.record?.left_out;
  if (said) showError($('record-error'), said);
}
