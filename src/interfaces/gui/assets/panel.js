// tabula gui: the panel's views of the table: the status line and the result under the board,
// the players form (and reading it), the position field, a loaded record's details and the
// choice of a game in a record of several.
// @ts-check
import { $, cap, h } from './dom.js';
import { fillLevels, levelFields, levelValue, setLevel } from './levels.js';
import { canEnter, personSide, playerName, playerOf, shownTable, sortedJson, ui } from './state.js';

/** @typedef {import('./state.js').Table} Table */

/** The engine that is to move and has failed, if any.
 * @param {Table} t */
function failedEngine(t) {
  const p = playerOf(t, t.side);
  if (p.kind !== 'engine' || t.ply < t.moves.length) return null;
  const e = (t.engines || []).find((x) => x.index === p.engine);
  return e?.status.startsWith('failed') ? e : null;
}

/** The size field's hints for the game `g`: its default size (shown while the field is empty,
 * the size a new game then has) and the sizes it takes.
 * @param {import('./state.js').GameInfo} g */
export function showSizes(g) {
  $('size').placeholder = g.default_size;
  $('size').title = g.sizes;
}

/** The line under the board: who is to move, what a move being entered needs next. */
export function renderStatus() {
  const t = shownTable();
  const el = $('status');
  const e = ui.entry;
  const failed = failedEngine(t);
  let text;
  if (t.result) {
    text = ''; // the banner under the board says how the game ended
  } else if (t.thinking) {
    text = `${cap(t.thinking)} to move: ${playerName(t, t.thinking)} is thinking…`;
  } else if (failed) {
    text = `${cap(t.side)}'s engine ${failed.status}: choose another player to go on.`;
  } else if (e.path.length && t.game === 'claustro' && e.path.length === 2) {
    text = 'Place the captured pawn: click an empty square.';
  } else if (e.path.length && e.complete && e.next.length) {
    text = 'Jump again, or end the turn (End turn, Enter, or click the piece again).';
  } else if (e.path.length) {
    text = `${cap(t.side)}: choose where to go (Escape cancels).`;
  } else if (t.pass && canEnter(t)) {
    text = `${cap(t.side)} has no move and must pass.`;
  } else {
    text = `${cap(t.side)} to move`;
    if (playerOf(t, t.side).kind === 'engine' && t.ply < t.moves.length) text += ' (browsing the game)';
    else if (personSide(t) === t.side && canEnter(t)) {
      text += `: you play ${t.side}. Click one of your pieces, then the square it goes to (or drag it).`;
    }
  }
  el.textContent = text;
  el.hidden = !!t.result;
  el.dataset.side = t.side;
  $('end-turn').hidden = !(e.complete && e.next.length);
  $('pass').hidden = !(t.pass && canEnter(t));
}

/** The recorded result of a loaded record whose game the rules do not end (an adjudication, a
 * move limit), shown at its last move.
 * @param {Table} t */
function recordedResult(t) {
  const r = t.record;
  if (t.result || !r || !r.result || t.ply !== t.moves.length) return null;
  const winner = /** @type {Record<string, string>} */ ({ '1-0': 'white', '0-1': 'black' })[r.result] || null;
  const headline = winner ? `${winner} wins` : 'draw';
  return { winner, text: `${headline} (${r.termination || 'as recorded'})` };
}

/** The banner under the board: how the game ended (or the result a loaded record gives). */
export function renderResult() {
  const t = shownTable();
  const el = $('result');
  const result = t.result || recordedResult(t);
  if (!result) {
    el.hidden = true;
    el.replaceChildren();
    return;
  }
  el.hidden = false;
  el.replaceChildren(h('strong', '', t.result ? 'Game over:' : 'Recorded result:'), h('span', '', result.text));
  el.className = `result ${result.winner || 'draw'}`;
}

/** The players form shows the table's settings unless the user is editing it. */
export function renderPlayers() {
  const t = shownTable();
  // The form is set only when the table's settings change, so that state events for other
  // reasons never undo what the user has picked but not applied yet.
  const settings = sortedJson([t.players, t.limit]);
  if (settings !== ui.playersShown) {
    ui.playersShown = settings;
    ui.playersDirty = false;
    for (const side of ['white', 'black']) {
      const p = playerOf(t, side);
      $(side).value = p.kind === 'human' ? 'human' : `engine:${p.engine}`;
      fillLevels(side, t.game, ui.info);
      setLevel(side, levelValue(p));
    }
    ui.levelsFor = t.game;
    const l = t.limit;
    $('limit-kind').value = l.kind;
    $('limit-value').value = l.kind === 'clock' ? `${l.base_ms / 60000}+${l.inc_ms / 1000}`
      : l.kind === 'movetime' ? String(l.ms / 1000) : String(l.depth);
    updateLimitHint();
  }
  if (ui.levelsFor !== t.game) { // another game: its own list, the choices kept
    for (const side of ['white', 'black']) fillLevels(side, t.game, ui.info);
    ui.levelsFor = t.game;
  }
  $('apply-players').classList.toggle('pending', ui.playersDirty);
  $('swap-sides').disabled = sortedJson(t.players.white) === sortedJson(t.players.black);
  const st = (t.engines || []).map((e) => `${e.name}: ${e.status}`).join(' · ');
  const el = $('engines-status');
  el.textContent = st;
  el.classList.toggle('error', (t.engines || []).some((e) => e.status.startsWith('failed')));
}

/** An example of the limit field for each kind of limit.
 * @type {Record<string, string>} */
export const LIMIT_EXAMPLES = { clock: '5+3', movetime: '1', depth: '8' };

/** What the limit field takes, for each kind of limit.
 * @type {Record<string, string>} */
const LIMIT_HINTS = { clock: 'minutes + increment in seconds, e.g. 5+3',
  movetime: 'seconds per move, e.g. 1 or 0.5', depth: 'search depth in plies, e.g. 8' };

/** The limit field's placeholder and title, for the limit's kind. */
export function updateLimitHint() {
  const kind = $('limit-kind').value;
  $('limit-value').placeholder = LIMIT_EXAMPLES[kind];
  $('limit-value').title = LIMIT_HINTS[kind];
}

/** The position field shows the position shown, unless it is being edited. */
export function renderPosition() {
  const t = shownTable();
  const input = $('position');
  if (!ui.positionDirty && document.activeElement !== input) input.value = t.position;
}

/** What a loaded record says of its game: its players, its result, its book moves. */
export function renderRecordInfo() {
  const t = shownTable();
  const el = $('record-info');
  const r = t.record;
  el.hidden = !r;
  if (!r) return;
  const parts = [`White ${r.white}, Black ${r.black}`];
  if (r.result) parts.push(`result ${r.result}${r.termination ? ` (${r.termination})` : ''}`);
  if (r.book) parts.push(`the first ${r.book === 1 ? 'move is a book move' : `${r.book} moves are book moves`} (its opening, in italics), not judged`);
  el.textContent = `Record: ${parts.join(' · ')}.`;
}

/** Shows the games of a record file to choose from (`choice`: its text and games), or hides
 * the choice (`null`).
 * @param {{text: string, games: any[]} | null} choice */
export function chooseRecordGame(choice) {
  ui.recordChoice = choice;
  $('record-choice').hidden = !choice;
  if (!choice) return;
  $('record-count').textContent = `This file holds ${choice.games.length} games: choose one.`;
  const select = $('record-game');
  select.replaceChildren();
  for (const g of choice.games) {
    select.add(new Option(`${g.number}. ${g.white} – ${g.black} (${g.game}, ${g.result})`, String(g.number)));
  }
  select.focus();
}

/** Reads the players form into the body of POST players; throws a readable error. */
export function readPlayers() {
  const player = (/** @type {string} */ side) => {
    const v = $(side).value;
    return v === 'human' ? { kind: 'human' }
      : { kind: 'engine', engine: parseInt(v.split(':')[1], 10), ...levelFields($(`level-${side}`).value) };
  };
  const kind = $('limit-kind').value;
  const raw = $('limit-value').value.trim();
  return { white: player('white'), black: player('black'), limit: readLimit(kind, raw) };
}

/** The most a clock or a time per move may be (the tables' own bound): a day. */
const DAY_MS = 86400000;

/** The limit field `raw` of kind `kind`, as the players request takes it; throws a sentence
 * that says what is wrong with it.
 * @param {string} kind
 * @param {string} raw
 * @returns {import('./state.js').Limit} */
function readLimit(kind, raw) {
  if (kind === 'clock') {
    const m = /^(\d+(?:\.\d+)?)\s*(?:\+\s*(\d+(?:\.\d+)?))?$/.exec(raw);
    if (!m) throw new Error('Write the clock as minutes+increment, e.g. 5+3.');
    const base = Math.round(parseFloat(m[1]) * 60000), inc = Math.round(parseFloat(m[2] || '0') * 1000);
    if (base < 1) throw new Error(`${raw}: give the clock some minutes, e.g. 5+3 or 0.5+1.`);
    if (base > DAY_MS || inc > DAY_MS) throw new Error(`${raw}: give a clock of at most a day (1440 minutes) and an increment of at most a day.`);
    return { kind, base_ms: base, inc_ms: inc };
  }
  if (kind === 'movetime') {
    const s = Number(raw);
    if (!raw || !Number.isFinite(s)) throw new Error('Write the time per move in seconds, e.g. 1 or 0.5.');
    const ms = Math.round(s * 1000);
    if (ms < 1) throw new Error(`time per move ${raw}: give 0.001 seconds or more, e.g. 1 or 0.5.`);
    if (ms > DAY_MS) throw new Error(`time per move ${raw}: give at most a day (86400 seconds).`);
    return { kind, ms };
  }
  const d = Number(raw);
  if (!raw || !Number.isInteger(d)) throw new Error('Write the depth as a whole number, e.g. 8.');
  if (d < 1) throw new Error(`depth ${raw}: give a depth of 1 or more.`);
  if (d > 64) throw new Error(`depth ${raw}: give a depth of at most 64.`);
  return { kind: 'depth', depth: d };
}

/** Fills the selects from /api/info.
 * @param {import('./state.js').Info} info */
export function fillControls(info) {
  const game = $('game');
  game.replaceChildren();
  for (const g of info.games) game.add(new Option(g.title, g.name));
  for (const id of ['white', 'black']) {
    const sel = $(id);
    sel.replaceChildren(new Option('Human', 'human'));
    for (const e of info.engines) sel.add(new Option(`Engine: ${e.name}`, `engine:${e.index}`));
  }
  const ae = $('analysis-engine');
  ae.replaceChildren();
  for (const e of info.engines) ae.add(new Option(e.name, String(e.index)));
  $('analysis-engine-label').hidden = info.engines.length < 2;
}

