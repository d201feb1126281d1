// tabula gui: the page's state, one object (`ui`), with the shapes of what the tables send
// (docs/gui.md) and the questions the page asks of them. The controller (controller.js) and
// the actions it calls change the state; the views read it.
// @ts-check
import { levelSuffix } from './levels.js';

/** @typedef {{kind: string, engine?: number, level?: string | null, elo?: number | null}} Player */
/** @typedef {{kind: 'clock', base_ms: number, inc_ms: number} | {kind: 'movetime', ms: number} | {kind: 'depth', depth: number}} Limit */
/** @typedef {{index: number, name: string, status: string, elo?: boolean}} Engine */
/** @typedef {{kind: string, label: string, level: string, elo?: number | null}} LevelChoice */
/** @typedef {{name: string, title: string, sizes: string, default_size: string, levels: LevelChoice[]}} GameInfo */
/** @typedef {{games: GameInfo[], engines: Engine[]}} Info */
/** @typedef {{white_ms: number, black_ms: number, running?: string | null}} Clocks */
/** @typedef {{white: string | null, black: string | null, result?: string, termination?: string, book: number,
 *   left_out?: string | null}} RecordInfo */
/**
 * @typedef {{ply: number, number: number, side: string, move: string, best: string, mark?: string,
 *   loss: number, book?: boolean, expected_before: number, expected_after: number}} JudgedMove
 */
/**
 * @typedef {{status: string, depth: number, searched: number, positions: number, curve: number[],
 *   report?: {moves?: JudgedMove[], summary?: Record<string, any>}}} Review
 */
/** The move tree (docs/gui.md, "Table"): its flat form, each move naming the place (from 1;
 * 0: the start) of the move it follows, and the place of the node shown.
 * @typedef {{tree: {moves: {parent: number, move: string}[]}, node: number}} Lines */
/**
 * A table as the tables send it (docs/gui.md, "Table").
 * @typedef {{id: string, version: number, sent: number, game: string, title?: string,
 *   width: number, height: number, board: string[], marks?: {x: number, y: number, kind: string}[],
 *   position: string, start: string,
 *   ply: number, moves: string[], lines: Lines, side: string, last_move?: string[],
 *   players: {white: Player, black: Player}, limit: Limit, clocks?: Clocks | null,
 *   analysis: {on: boolean, multipv: number, engine: number}, result?: {text: string, winner?: string | null} | null,
 *   thinking?: string | null, pass?: boolean, engines?: Engine[], record?: RecordInfo | null,
 *   review?: Review | null}} Table
 */
/**
 * @typedef {{multipv: number, pv: string[], paths?: string[][], white_cp: number, proven?: boolean,
 *   score: {mate?: number | null}}} AnalysisLine
 */
/** @typedef {{version: number, depth: number, nodes: number, nps: number, time_ms: number, lines: AnalysisLine[]}} Analysis */
/** The move being entered: the squares clicked so far, those that may follow, and the move they make if complete.
 * @typedef {{path: string[], next: string[], complete: string | null}} Entry */
/** A piece being dragged.
 * @typedef {{sq: string, x: number, y: number, active: boolean, ready: Promise<void> | null, id: number}} Drag */

/**
 * The page's state.
 * @typedef {object} PageState
 * @property {Info | null} info GET /api/info
 * @property {string | null} id our table's id
 * @property {Table | null} table the Table shown
 * @property {boolean} flipped black at the bottom
 * @property {Set<string>} movable start squares (targets with path [])
 * @property {number} movableFor the table version `movable` belongs to
 * @property {Entry} entry the move being entered
 * @property {number} entrySeq drops answers to outdated targets requests
 * @property {Analysis | null} analysis last Analysis for the position shown
 * @property {number} positionSince first table version that showed the current position
 * @property {number} clockAt performance.now() when the clocks were received
 * @property {boolean} playersDirty the players form has edits not applied yet
 * @property {boolean} positionDirty the position field has been edited
 * @property {{layer: SVGElement, g: any} | null} arrows where analysis arrows are drawn
 * @property {number | null} navPly the ply of a goto on its way
 * @property {boolean} diamond Claustro drawn turned 45 degrees
 * @property {string} playersShown the players and limit the form was last set from
 * @property {string | null} levelsFor the game the level lists were filled for
 * @property {Drag | null} drag a piece being dragged
 * @property {boolean} dragEnded a drag has just ended (its click is ignored)
 * @property {{text: string, games: any[]} | null} recordChoice a record file of several games, until one is chosen
 * @property {string | null} gameId the game shown, as keep.js keeps it
 * @property {boolean} restoring a game is being set up again: not kept meanwhile
 * @property {string | null} keptKey what was last kept in "My games"
 * @property {{id: string, text: string} | null} keptRecord the game `id`'s record as its table last wrote it (its side lines in it), kept to set it up again
 * @property {Record<string, string>} standardStarts `game WxH` -> the start position of a new table
 * @property {{diamond?: boolean, flipped?: boolean, animate?: boolean, sound?: boolean}} options the board's options, kept (keep.js)
 * @property {{version: number, from: string, to: string} | null} arrival the piece of the move just played, sliding in
 */

/** @type {PageState} */
export const ui = {
  info: null,
  id: null,
  table: null,
  flipped: false,
  movable: new Set(),
  movableFor: -1,
  entry: { path: [], next: [], complete: null },
  entrySeq: 0,
  analysis: null,
  positionSince: 0,
  clockAt: 0,
  playersDirty: false,
  positionDirty: false,
  arrows: null,
  navPly: null,
  diamond: false,
  playersShown: '',
  levelsFor: null,
  drag: null,
  dragEnded: false,
  recordChoice: null,
  gameId: null,
  restoring: false,
  keptKey: null,
  keptRecord: null,
  standardStarts: {},
  options: {},
  arrival: null,
};

/** `value` as JSON with every object's keys in order: the same text for the same players, limit
 * or settings, in whatever order their keys arrive (an answer's and an event's may differ).
 * @param {unknown} value */
export function sortedJson(value) {
  return JSON.stringify(value, (_key, v) => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : v));
}

/** The side a person plays against an engine, or null (people on both sides, or engines).
 * @param {Table} t */
export function personSide(t) {
  const humans = ['white', 'black'].filter((side) => playerOf(t, side).kind === 'human');
  return humans.length === 1 ? humans[0] : null;
}

/** The table shown, for what runs only once one is (the views, the actions of its controls).
 * @returns {Table} */
export function shownTable() {
  if (!ui.table) throw new Error('no table is shown yet');
  return ui.table;
}

/** The player of `side` at table `t`.
 * @param {Table} t
 * @param {string} side
 * @returns {Player} */
export const playerOf = (t, side) => t.players[/** @type {'white' | 'black'} */ (side)];

/** The game's title (from the table, else from /api/info).
 * @param {Table} t */
export function gameTitle(t) {
  const g = ui.info?.games.find((x) => x.name === t.game);
  return t.title || (g ? g.title : t.game);
}

/** Whether a game is being played (an engine plays a side, or clocks run), as the server says.
 * @param {Table} t */
export function isPlaying(t) {
  return !!t.clocks || ['white', 'black'].some((side) => playerOf(t, side).kind !== 'human');
}

/** May a move be entered at the cursor? A human is to move, or the cursor is inside the game.
 * @param {Table | null} t */
export function canEnter(t) {
  if (!t || t.result) return false;
  // A game with an engine or clocks goes on at its end only, and a person moves only for a
  // human side; without them (a study board) any move of any position shown may be tried.
  if (!isPlaying(t)) return true;
  return t.ply === t.moves.length && playerOf(t, t.side).kind === 'human';
}

/** What a move being entered depends on: while it stays the same, the entry goes on.
 * @param {Table} t */
export function entryKey(t) {
  return `${t.id} ${t.game} ${t.position} ${t.ply} ${t.moves.length} ${canEnter(t)}`;
}

/** How many of the first moves are book moves: the loaded record's opening, never judged.
 * @param {Table} t */
export const bookMoves = (t) => (t.record ? t.record.book : 0);

/** The review's judgement of the move that leads to position `ply` (from 1), if it has one.
 * @param {Table} t
 * @param {number} ply
 * @returns {JudgedMove | null} */
export function judgedMove(t, ply) {
  const r = t.review;
  const moves = r?.report?.moves;
  const m = moves?.[ply - 1];
  return m && m.ply === ply && m.move === t.moves[ply - 1] ? m : null;
}

/** Whether people play both sides of a loaded record that names them (until other players were
 * chosen): the record then names the players.
 * @param {Table} t */
const recordNamesPlayers = (t) => !!t.record && t.record.white != null && ['white', 'black'].every((s) => playerOf(t, s).kind === 'human');

/** The name of the player of `side`: `human`, an engine with its level, or the record's name.
 * @param {Table} t
 * @param {string} side
 * @returns {string} */
export function playerName(t, side) {
  const p = playerOf(t, side);
  if (t.record && recordNamesPlayers(t)) return t.record[/** @type {'white' | 'black'} */ (side)] || '?';
  if (p.kind === 'human') return 'human';
  const e = (t.engines || []).find((x) => x.index === p.engine);
  return `${e ? e.name : `engine ${p.engine}`}${levelSuffix(p)}`;
}

/** A new id for a game kept in "My games". */
export const newGameId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
