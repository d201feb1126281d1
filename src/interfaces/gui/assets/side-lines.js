// tabula gui: a study board's side lines as the table plays them (the tree itself is lines.js's):
// a move off the line shown starts or follows a side line, the table is put on the line chosen
// (its moves played there, no thinking time), side lines are promoted or deleted, a take back
// leaves a line, and a record's side lines are written out and read back.
// @ts-check
import { api, download } from './connection.js';
import { $, counted, showError } from './dom.js';
import { keepNow } from './keeping.js';
import { addLines, commonLength, lineAndBranches, numbered, parentOf, pathOf, sameMoves, withSideLines } from './lines.js';
import { recordMovetexts, sideLinePaths } from './movetext.js';
import { bookMoves, isPlaying, mainLine, shownTable, ui } from './state.js';
import { applyTable, tablePost } from './table.js';
import { renderMoves } from './tree-view.js';
import { renderAll } from './views.js';

/** @typedef {import('./state.js').SideLine} SideLine */

/** Plays `move` at the position shown. In a study board, away from the end of the line shown, a
 * move other than the line's next one follows the line (main or side) that goes on with it, or
 * starts a side line there, which is then the line shown; at the end of a side line it extends
 * it. Shows a refusal under the board; the table played, or null.
 * @param {string} move */
export async function playMove(move) {
  const before = ui.table;
  const study = before && !isPlaying(before) && before.ply < before.moves.length;
  if (!study) return tablePost('move', { move }, $('move-error'));
  const aside = ui.main;
  if (!aside) ui.main = before.moves.slice(); // the main line, kept aside while the table leaves it
  ui.switching = true; // the tree is fitted below, once the table has answered
  let t;
  try {
    t = await tablePost('move', { move }, $('move-error'));
  } finally {
    ui.switching = false;
  }
  if (!t || t.moves[before.ply] === before.moves[before.ply]) { // refused, or the line's next move
    if (!aside) ui.main = null;
    renderMoves();
    return t;
  }
  const path = t.moves.slice(0, before.ply + 1);
  const startsWith = (/** @type {string[]} */ moves) => sameMoves(moves.slice(0, path.length), path);
  const main = /** @type {string[]} */ (ui.main); // kept aside above, while the table left it
  if (startsWith(main)) {
    await showLine(null, path.length);
  } else {
    const known = ui.sideLines.find((l) => startsWith(pathOf(l)));
    if (known) {
      await showLine(known, path.length);
    } else {
      ui.viewing = addLines(main, [path])[0];
      renderMoves();
      keepNow(true);
    }
  }
  return ui.table;
}

/** Puts the moves `path` on the table and shows the position after `ply` of them: the moves the
 * table's line shares with it stay, the others are played there, put back with no thinking time
 * (the table judges them). Throws the table's refusal.
 * @param {string[]} path
 * @param {number} ply */
async function putLine(path, ply) {
  const switching = ui.switching;
  ui.switching = true;
  try {
    const post = async (/** @type {string} */ what, /** @type {unknown} */ body) => {
      const t = await api('POST', `/api/tables/${ui.id}/${what}`, body);
      applyTable(t);
      return t;
    };
    let t = shownTable();
    const shared = commonLength(t.moves, path);
    if (shared < path.length) {
      if (t.ply !== shared) t = await post('goto', { ply: shared });
      for (const move of path.slice(shared)) t = await post('move', { move, put_back: true }); // not timed
    }
    if (t.ply !== ply) await post('goto', { ply });
  } finally {
    ui.switching = switching;
  }
}

/** Shows the position after `ply` moves of the side line `line`, or of the main line (`null`).
 * @param {SideLine | null} line
 * @param {number} ply */
export async function showLine(line, ply) {
  const t = shownTable();
  if (line && !ui.main) ui.main = t.moves.slice();
  const main = mainLine(t);
  const path = line ? pathOf(line) : main;
  ui.viewing = line;
  showError($('move-error'), '');
  try {
    await putLine(path, Math.max(0, Math.min(path.length, ply)));
  } catch (e) {
    showError($('move-error'), e.message);
  }
  if (!line) ui.main = null;
  renderAll();
  keepNow(true);
}

/** Back to the main line (at the side line's branch) if a side line is shown. */
export async function toMainLine() {
  if (ui.viewing) await showLine(null, Math.min(shownTable().ply, ui.viewing.at));
}

/** `fn` run with the main line on the table, the side line shown then shown again.
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>} */
async function onMainLine(fn) {
  const line = ui.viewing, ply = shownTable().ply;
  if (!line) return fn();
  await showLine(null, line.at);
  try {
    return await fn();
  } finally {
    await showLine(line, ply);
  }
}

/** The side line becomes the main line; the main line's moves from where they part become a side
 * line in its place. The board shows the line's last move.
 * @param {number} index */
export async function promoteSideLine(index) {
  const line = ui.sideLines[index];
  if (!line) return;
  const path = pathOf(line);
  const others = [mainLine(shownTable()), ...ui.sideLines.filter((l) => l !== line).map(pathOf)];
  ui.viewing = null;
  ui.main = null;
  ui.sideLines = [];
  addLines(path, others.filter((p) => !sameMoves(p, path)));
  ui.main = path; // the table may still hold the old line until putLine is done
  try {
    await putLine(path, path.length);
  } catch (e) {
    showError($('move-error'), e.message);
  }
  ui.main = null;
  renderAll();
  keepNow(true);
}

/** Deletes the side line and those that branch from it (back to the main line if one was shown).
 * @param {number} index */
export async function deleteSideLine(index) {
  const line = ui.sideLines[index];
  if (!line) return;
  const gone = lineAndBranches(line);
  if (ui.viewing && gone.includes(ui.viewing)) await showLine(null, line.at);
  ui.sideLines = ui.sideLines.filter((l) => !gone.includes(l));
  renderMoves();
  keepNow(true);
}

/** Takes back the move before the position shown, in the line it is on; a side line whose
 * every move is taken back is gone, and the board is on the line it branched from. */
export async function takeBack() {
  while (ui.viewing && shownTable().ply <= ui.viewing.at) await showLine(parentOf(ui.viewing), shownTable().ply);
  const line = ui.viewing;
  const t = await tablePost('undo', undefined, $('move-error'));
  if (t && line && t.moves.length <= line.at) {
    const parent = parentOf(line);
    const gone = lineAndBranches(line);
    ui.sideLines = ui.sideLines.filter((l) => !gone.includes(l));
    await showLine(parent, t.ply);
  }
}

/** The record of the game shown, its side lines written in. */
export async function gameRecord() {
  return onMainLine(async () => {
    const record = await download(shownTable().id);
    const t = shownTable();
    return { name: record.name, text: withSideLines(record.text, t.moves, t.start, bookMoves(t)) };
  });
}

/** A loaded record's side lines (game `number` of `text`, from 1), each tried on the table: the
 * side lines whose moves the rules take are kept, the others left out with one message under
 * *Load record*; the record is then loaded again, as it was.
 * @param {string} text
 * @param {number | null} number */
export async function loadSideLines(text, number) {
  const t = shownTable();
  const movetext = recordMovetexts(text)[(number || 1) - 1];
  if (!movetext || !movetext.includes('(')) return;
  let paths;
  try {
    paths = sideLinePaths(movetext, t.moves.slice(0, bookMoves(t)), t.moves);
  } catch (e) {
    showError($('record-error'), `The record's side lines cannot be read (${e.message}); its main line is loaded.`);
    return;
  }
  const main = t.moves.slice();
  const body = number ? { text, game: number } : { text };
  const good = [], bad = [];
  ui.main = main;
  ui.switching = true;
  try {
    for (const path of paths) {
      try {
        await putLine(path, path.length);
        good.push(shownTable().moves.slice());
      } catch (e) {
        const at = commonLength(main, path);
        bad.push(`(${numbered(t.start, at, path.slice(at)).map((w) => (w.label ? `${w.label} ${w.move}` : w.move)).join(' ')}): ${e.message}`);
      }
    }
    applyTable(await api('POST', `/api/tables/${ui.id}/record`, body));
  } catch (e) {
    showError($('record-error'), e.message);
  } finally {
    ui.switching = false;
    ui.main = null;
    ui.viewing = null;
  }
  addLines(main, good);
  if (bad.length) {
    const more = bad.length > 1 ? ` (and ${counted(bad.length - 1, 'other side line')})` : '';
    showError($('record-error'), `The record's side line ${bad[0]}; it is left out${more}.`);
  }
  renderAll();
  keepNow(true);
}

