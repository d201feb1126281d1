// tabula gui: what the page keeps in this browser (localStorage, this origin's own): the game
// in progress with its settings and clocks, so that a reload or a closed tab goes on with it;
// the board's options (flipped, Claustro's diamond, animation, sound); and "My games", the
// games played here, finished or not, each with its record. docs/gui.md says what is kept.
//
// Nothing kept can stop the page: every entry is checked when it is read. One that is not what
// this page writes (unreadable JSON, a wrong type, a missing field, a string past its bound) is
// set aside, under `tabula.aside`, with one message naming it; the rest loads, and nothing else
// is deleted. If storage is full or refused, the page is told once and goes on without it.
// Messages go to the handler of `whenStorageFails`; those from before it is set wait for it.
// @ts-check

/** The keys, one per kind of thing kept. */
const CURRENT = 'tabula.current';
const OPTIONS = 'tabula.options';
const GAMES = 'tabula.games';
/** Where entries that could not be read are set aside: [{key, why, text, at}], newest last. */
const ASIDE = 'tabula.aside';
/** The most games "My games" keeps: the oldest go first. */
const MAX_GAMES = 100;
/** The most entries set aside: the oldest go first. */
const MAX_ASIDE = 20;

/** The bounds of what this page writes: longer strings and lists are not its own. */
const LIMITS = { name: 200, move: 1000, moves: 5000, position: 20000, record: 2000000 };

/** An entry that could not be read: why, and what it was.
 * @typedef {{why: string, value: unknown}} Bad */
/** Says why a value is not what the page writes, or null where it is.
 * @typedef {(value: any) => string | null} Problem */

let troubled = false;
/** @type {((message: string) => void) | null} */
let tell = null;
/** @type {string[]} */
const untold = [];
/** The keys whose unreadable entry could not be set aside: not written over this visit. */
const held = new Set();

/** `handler(message)` is told each trouble: storage failing (once), entries set aside.
 * @param {(message: string) => void} handler */
export function whenStorageFails(handler) {
  tell = handler;
  for (const message of untold.splice(0)) handler(message);
}

/** @param {string} message */
function say(message) {
  if (tell) tell(message);
  else untold.push(message);
}

/** @param {any} e */
function fail(e) {
  if (troubled) return;
  troubled = true;
  const why = e && e.name === 'QuotaExceededError' ? 'the browser\'s storage is full' : `storage is refused (${e?.message ? e.message : e})`;
  say(`Games cannot be kept in this browser: ${why}. The page goes on without keeping them.`);
}

/** The text kept under `key`, or null (none, or storage refused).
 * @param {string} key */
function readText(key) {
  try {
    return localStorage.getItem(key);
  } catch (e) {
    fail(e);
    return null;
  }
}

/** @param {string} key
 * @param {unknown} value */
function write(key, value) {
  if (held.has(key)) return false;
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (e) {
    fail(e);
    return false;
  }
}

/** Puts the entries `bad` read under `key` aside, where nothing reads them. False where
 * storage refuses: the caller then leaves `key` as it is.
 * @param {string} key
 * @param {Bad[]} bad */
function setAside(key, bad) {
  /** @type {unknown[]} */
  let aside = [];
  try {
    const kept = JSON.parse(localStorage.getItem(ASIDE) || '[]');
    if (Array.isArray(kept)) aside = kept;
  } catch {
    aside = [];
  }
  const at = Date.now();
  for (const { why, value } of bad) {
    aside.push({ key, why, at, text: typeof value === 'string' ? value : JSON.stringify(value) });
  }
  try {
    localStorage.setItem(ASIDE, JSON.stringify(aside.slice(-MAX_ASIDE)));
    return true;
  } catch {
    return false;
  }
}

/** Tells what was set aside from `key` (or could not be, and is left as it was).
 * @param {string} key
 * @param {string} what
 * @param {Bad[]} bad
 * @param {boolean} moved */
function sayAside(key, what, bad, moved) {
  const named = bad.slice(0, 3).map((b) => b.why).join('; ');
  const more = bad.length > 3 ? `; and ${bad.length - 3} more` : '';
  const where = moved ? `set aside under ${ASIDE}` : 'left as it is (storage is full), and not written over';
  say(`${what} could not be read (${key}: ${named}${more}); ${bad.length === 1 ? 'it was' : 'they were'} ${where}. The rest is loaded.`);
}

/** The value kept under `key`, checked by `problem` (a reason, or null where it is good), or
 * null. An unreadable or bad value is set aside, and null returned.
 * @param {string} key
 * @param {string} what
 * @param {Problem} problem
 * @returns {any} */
function readChecked(key, what, problem) {
  const text = readText(key);
  if (text == null) return null;
  let value;
  let why;
  try {
    value = JSON.parse(text);
    why = problem(value);
  } catch {
    why = 'not JSON';
    value = text;
  }
  if (!why) return value;
  const bad = [{ why, value: text }];
  const moved = setAside(key, bad);
  if (moved) removeKey(key);
  else held.add(key);
  sayAside(key, what, bad, moved);
  return null;
}

/** @param {string} key */
function removeKey(key) {
  try {
    localStorage.removeItem(key);
  } catch (e) {
    fail(e);
  }
}

// ---------------------------------------------------------------------------
// What is good: the shapes this page writes (app.js's `snapshot`, and "My games"' entries)
// ---------------------------------------------------------------------------

/** @param {any} v */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** @param {any} v
 * @param {number} max */
const isText = (v, max) => typeof v === 'string' && v.length <= max;
/** @param {any} v */
const isCount = (v) => Number.isSafeInteger(v) && v >= 0;
/** @param {any} v */
const isTime = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
/** @param {any} v */
const isMoves = (v) => Array.isArray(v) && v.length <= LIMITS.moves && v.every((m) => isText(m, LIMITS.move));
/** @param {any} v */
const absent = (v) => v === undefined || v === null;

/** The first of `checks` ([reason, good]) that fails, as its reason; null if none does.
 * @param {[string, boolean][]} checks */
function firstProblem(checks) {
  const failed = checks.find(([, good]) => !good);
  return failed ? failed[0] : null;
}

/** Why `s` is not a game in progress as keeping.js's `snapshot` writes it; null if it is.
 * @type {Problem} */
export function snapshotProblem(s) {
  if (!isObject(s)) return 'not an object';
  return firstProblem([
    ['no game name', isText(s.game, LIMITS.name) && s.game.length > 0],
    ['no board size', typeof s.size === 'string' && /^\d{1,3}x\d{1,3}$/.test(s.size)],
    ['its id is not a name', absent(s.id) || isText(s.id, LIMITS.name)],
    ['its start is not a position', absent(s.start) || isText(s.start, LIMITS.position)],
    ['its moves are not moves', isMoves(s.moves)],
    ['its ply is not a ply', absent(s.ply) || isCount(s.ply)],
    ['its view is not a line', absent(s.view) || (isObject(s.view) && isMoves(s.view.path) && isCount(s.view.ply))],
    ['its players, limit or analysis are not objects', [s.players, s.limit, s.analysis].every((v) => absent(v) || isObject(v))],
    ['its clocks are not times', absent(s.clocks) || (isObject(s.clocks) && isTime(s.clocks.white_ms) && isTime(s.clocks.black_ms))],
    ['its result is not a result', absent(s.result) || isText(s.result, LIMITS.name)],
    ['its time is not a time', absent(s.savedAt) || isTime(s.savedAt)],
    ['its record is not a record', absent(s.record) || isText(s.record, LIMITS.record)],
  ]);
}

/** Why `g` is not an entry of "My games"; null if it is.
 * @type {Problem} */
export function gameProblem(g) {
  if (!isObject(g)) return 'not an object';
  const problem = firstProblem([
    ['no id', isText(g.id, LIMITS.name) && g.id.length > 0],
    ['no time', isTime(g.savedAt)],
    ['no title or players', [g.title, g.white, g.black].every((v) => isText(v, LIMITS.name))],
    ['no count of plies', isCount(g.plies)],
    ['its result is not a result', absent(g.result) || isText(g.result, LIMITS.name)],
    ['its record is not a record', absent(g.record) || (isObject(g.record) && isText(g.record.name, LIMITS.name) && isText(g.record.text, LIMITS.record))],
  ]);
  if (problem) return problem;
  const inGame = snapshotProblem(g.snapshot);
  return inGame ? `its game: ${inGame}` : null;
}

/** @type {Problem} */
function optionsProblem(o) {
  if (!isObject(o)) return 'not an object';
  const bad = Object.entries(o).find(([, v]) => typeof v !== 'boolean');
  return bad ? `the option ${JSON.stringify(bad[0].slice(0, 40))} is not on or off` : null;
}

// ---------------------------------------------------------------------------
// What the page asks
// ---------------------------------------------------------------------------

/** The game in progress as kept (see `snapshot` in app.js), or null. */
export const loadCurrent = () => readChecked(CURRENT, 'The game in progress', snapshotProblem);
export const saveCurrent = (/** @type {object} */ snapshot) => write(CURRENT, snapshot);

/** The board's options: {flipped, diamond, animate, sound}. */
export const loadOptions = () => readChecked(OPTIONS, 'The board\'s options', optionsProblem) || {};
export const saveOptions = (/** @type {object} */ options) => write(OPTIONS, options);

/** "My games": newest first. Entries that are not games are set aside, once. */
export function listGames() {
  /** @type {any[] | null} */
  const games = readChecked(GAMES, '"My games"', (v) => (Array.isArray(v) ? null : 'not a list'));
  if (!games) return [];
  /** @type {Bad[]} */
  const bad = [];
  /** @type {any[]} */
  const good = [];
  games.forEach((g, index) => {
    const why = gameProblem(g);
    if (why) bad.push({ why: `game ${index + 1} of ${games.length}: ${why}`, value: g });
    else good.push(g);
  });
  if (bad.length) {
    const moved = setAside(GAMES, bad);
    if (moved) write(GAMES, good);
    else held.add(GAMES);
    sayAside(GAMES, bad.length === 1 ? 'A game of "My games"' : 'Games of "My games"', bad, moved);
  }
  return good;
}

/** Adds or updates the game `entry` (by its id), as the newest.
 * @param {{id: string | null} & Record<string, unknown>} entry */
export function keepGame(entry) {
  const games = listGames().filter((g) => g.id !== entry.id);
  games.unshift(entry);
  return write(GAMES, games.slice(0, MAX_GAMES));
}

/** Adds the record `record` to the kept game `id`, if it is still kept, and the record `written`
 * as its table wrote it to its snapshot (what sets the game up again).
 * @param {string | null} id
 * @param {{name: string, text: string}} record
 * @param {string} written */
export function keepRecord(id, record, written) {
  const games = listGames();
  const game = games.find((g) => g.id === id);
  if (!game) return;
  game.record = record;
  game.snapshot.record = written;
  write(GAMES, games);
}

/** @param {string} id */
export function deleteGame(id) {
  write(GAMES, listGames().filter((g) => g.id !== id));
}

/** Forgets every game (the one in progress stays on the board, and is kept again as it goes
 * on). What was set aside stays where it is. */
export function deleteAll() {
  held.delete(GAMES);
  held.delete(CURRENT);
  removeKey(GAMES);
  removeKey(CURRENT);
}
