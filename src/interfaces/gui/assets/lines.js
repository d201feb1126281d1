// tabula gui: a study board's move tree, kept by the page (the table holds one line of it): a
// side line is `{at, prefix, moves}`, the moves played in place of the move after the `prefix`
// (its first `at` moves, which may go through another side line), kept in `ui.sideLines`. Here:
// finding lines in the tree, numbering moves, and writing side lines into a record as `( ... )`
// (docs/records.md). Changing which line the table holds is side-lines.js's.
// @ts-check
import { isMoveWord, movetextWords } from './movetext.js';
import { ui } from './state.js';

/** @typedef {import('./state.js').SideLine} SideLine */

/** Whether the moves `a` and `b` are the same.
 * @param {string[]} a
 * @param {string[]} b */
export const sameMoves = (a, b) => a.length === b.length && a.every((m, i) => m === b[i]);

/** How many first moves `a` and `b` share.
 * @param {string[]} a
 * @param {string[]} b */
export function commonLength(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** A side line's moves from the start of the game.
 * @param {SideLine} l */
export const pathOf = (l) => [...l.prefix, ...l.moves];

/** Side lines for `paths` (moves from the start), each branching where it leaves the main line
 * `main`, the side lines kept and those before it, the latest place: added to the kept ones and
 * returned (a path that is all on a line already adds none).
 * @param {string[]} main
 * @param {string[][]} paths */
export function addLines(main, paths) {
  const added = [];
  for (const path of paths) {
    let at = commonLength(main, path);
    for (const l of ui.sideLines) at = Math.max(at, commonLength(pathOf(l), path));
    if (at >= path.length) continue;
    const line = { at, prefix: path.slice(0, at), moves: path.slice(at) };
    ui.sideLines.push(line);
    added.push(line);
  }
  return added;
}

/** The side lines (with their index) that branch from the line `path` after its first `from`
 * moves, in the order kept.
 * @param {string[]} path
 * @param {number} from */
export function branchesOf(path, from) {
  return ui.sideLines.map((l, index) => ({ l, index })).filter(({ l }) => l.at >= from && l.at < path.length &&
    l.moves[0] !== path[l.at] && sameMoves(l.prefix, path.slice(0, l.at)));
}

/** The side line and those that branch from it.
 * @param {SideLine} line */
export function lineAndBranches(line) {
  const head = [...line.prefix, line.moves[0]];
  return ui.sideLines.filter((l) => l === line || (l.at > line.at && sameMoves(pathOf(l).slice(0, head.length), head)));
}

/** The line the side line `line` branches from: another side line, or the main line (null).
 * @param {SideLine} line */
export function parentOf(line) {
  return ui.sideLines.find((p) => p !== line && p.at < line.at && p.at + p.moves.length > line.at &&
    sameMoves(pathOf(p).slice(0, line.at), line.prefix)) || null;
}

/** The move number and side of the move after `ply` moves of a game that starts at `start`.
 * @param {string} start
 * @param {number} ply */
export function moveNumber(start, ply) {
  const fields = start.trim().split(/\s+/);
  const p = ply + (fields[1] === 'b' ? 1 : 0);
  return { number: (parseInt(fields[3], 10) || 1) + Math.floor(p / 2), white: p % 2 === 0 };
}

/** The numbered moves `moves` played after `at` moves (`2... e5c4 3. f5h6`): each `{label, move}`,
 * the label `2.` before white's moves and `2...` before the first if it is black's.
 * @param {string} start
 * @param {number} at
 * @param {string[]} moves */
export function numbered(start, at, moves) {
  return moves.map((move, k) => {
    const { number, white } = moveNumber(start, at + k);
    return { label: white ? `${number}.` : (k === 0 ? `${number}...` : null), move };
  });
}

/** A side line as a record writes it, the side lines branching from it inside it:
 * `2. c3d5 b7c5 (2... b7a5) 3. d5e7`.
 * @param {string} start
 * @param {SideLine} line
 * @returns {string} */
function lineText(start, line) {
  const path = pathOf(line);
  const branches = branchesOf(path, line.at + 1);
  /** @type {string[]} */
  const words = [];
  let renumber = false;
  line.moves.forEach((move, k) => {
    const ply = line.at + k;
    const { number, white } = moveNumber(start, ply);
    if (white) words.push(`${number}.`);
    else if (k === 0 || renumber) words.push(`${number}...`);
    words.push(move);
    renumber = false;
    for (const { l } of branches.filter(({ l }) => l.at === ply)) {
      words.push(`(${lineText(start, l)})`);
      renumber = true;
    }
  });
  return words.join(' ');
}

/** The record `text` of the main line `main` (from `start`) with its side lines written in,
 * `( ... )` after the move each replaces (`book`: how many first moves the record keeps in its
 * Opening tag, not in its movetext).
 * @param {string} text
 * @param {string[]} main
 * @param {string} start
 * @param {number} book */
export function withSideLines(text, main, start, book) {
  const lines = branchesOf(main, book);
  const split = text.indexOf('\n\n');
  if (!lines.length || split < 0) return text;
  const head = text.slice(0, split + 2);
  let body = text.slice(split + 2);
  const words = movetextWords(body);
  const moves = words.filter((w) => isMoveWord(w.text));
  // The latest first, so that the places of the earlier ones do not move.
  const places = [...new Set(lines.map(({ l }) => l.at))].sort((a, b) => b - a);
  for (const at of places) {
    const replaced = moves[at - book];
    if (!replaced) continue;
    const next = words.find((w) => w.at > replaced.at); // after the move's comments
    const place = next ? next.at : body.length;
    const written = lines.filter(({ l }) => l.at === at).map(({ l }) => `(${lineText(start, l)}) `).join('');
    body = `${body.slice(0, place)}${written}${body.slice(place)}`;
  }
  return head + body;
}
