// tabula gui: the move tree as the Table carries it (`lines`: the core's flat form, every line
// from the start, and the node shown; the desk keeps it, docs/gui.md), read for the page: the
// main line, the side lines as the move list shows them, and the node a line's moves lead to.
// @ts-check

/** @typedef {import('./state.js').Table} Table */
/** A side line as the move list shows it: its moves (each with its node's place), the ply it
 * branches at (the moves before it), and how deep it is nested.
 * @typedef {{at: number, depth: number, moves: {place: number, move: string}[]}} SideRow */

/** The places of the nodes that follow each node, in order (the main one first).
 * @param {Table} t */
function childrenOf(t) {
  /** @type {number[][]} */
  const children = [[]];
  t.lines.tree.moves.forEach((m, i) => {
    children.push([]);
    children[m.parent]?.push(i + 1);
  });
  return children;
}

/** The text of the move at `place` (from 1).
 * @param {Table} t
 * @param {number} place */
const moveAt = (t, place) => t.lines.tree.moves[place - 1]?.move ?? '';

/** The places of the main continuation after `place`.
 * @param {number[][]} children
 * @param {number} place */
function mainAfter(children, place) {
  const line = [];
  for (let at = children[place]?.[0]; at !== undefined; at = children[at]?.[0]) line.push(at);
  return line;
}

/** The main line's nodes (their places), from the start.
 * @param {Table} t */
export const mainPlaces = (t) => mainAfter(childrenOf(t), 0);

/** The main line's moves.
 * @param {Table} t */
export const mainLine = (t) => mainPlaces(t).map((place) => moveAt(t, place));

/** Whether the table shows a side line (its moves are not the main line's).
 * @param {Table} t */
export function onSideLine(t) {
  const main = mainLine(t);
  return main.length !== t.moves.length || main.some((m, i) => m !== t.moves[i]);
}

/** The side lines in the order of a record, each after the move it replaces and before the
 * side lines of its own moves.
 * @param {Table} t
 * @returns {SideRow[]} */
export function sideRows(t) {
  const children = childrenOf(t);
  /** @type {SideRow[]} */
  const rows = [];
  /** The rows of the side lines that branch from the line `places` (its first at ply `at`).
   * @param {number[]} places
   * @param {number} at
   * @param {number} depth */
  const branches = (places, at, depth) => {
    places.forEach((place, k) => {
      const parent = k ? places[k - 1] : t.lines.tree.moves[place - 1]?.parent ?? 0;
      for (const first of (children[parent] || []).slice(1)) add(first, at + k, depth);
    });
  };
  /** A side line's row from its first node, then those of its own side lines.
   * @param {number} first
   * @param {number} at
   * @param {number} depth */
  const add = (first, at, depth) => {
    const places = [first, ...mainAfter(children, first)];
    rows.push({ at, depth, moves: places.map((place) => ({ place, move: moveAt(t, place) })) });
    branches(places.slice(1), at + 1, depth + 1);
  };
  branches(mainPlaces(t), 0, 0);
  return rows;
}

/** The move number and side of the move after `ply` moves of a game that starts at `start`.
 * @param {string} start
 * @param {number} ply */
function moveNumber(start, ply) {
  const fields = start.trim().split(/\s+/);
  const p = ply + (fields[1] === 'b' ? 1 : 0);
  return { number: (parseInt(fields[3], 10) || 1) + Math.floor(p / 2), white: p % 2 === 0 };
}

/** The labels of moves played after `at` moves (`2... e5c4 3. f5h6`): `2.` before white's
 * moves, `2...` before the first if it is black's, else null.
 * @param {string} start
 * @param {number} at
 * @param {number} count */
export function moveLabels(start, at, count) {
  return Array.from({ length: count }, (_, k) => {
    const { number, white } = moveNumber(start, at + k);
    return white ? `${number}.` : (k === 0 ? `${number}...` : null);
  });
}

/** The place of the node that the moves `path` lead to (0: the start), or null if the tree
 * has no such line.
 * @param {Table} t
 * @param {string[]} path */
export function nodeOf(t, path) {
  const children = childrenOf(t);
  let at = 0;
  for (const move of path) {
    const next = (children[at] || []).find((c) => moveAt(t, c) === move);
    if (next === undefined) return null;
    at = next;
  }
  return at;
}
