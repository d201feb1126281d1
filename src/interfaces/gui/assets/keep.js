// tabula gui: what the page keeps in this browser (localStorage, this origin's own): the game
// in progress with its settings and clocks, so that a reload or a closed tab goes on with it;
// the board's options (flipped, Claustro's diamond, animation, sound); and "My games", the
// games played here, finished or not, each with its record. If storage is full or refused,
// `onTrouble` is told once and the page goes on without it. docs/gui.md says what is kept.

/** The keys, one per kind of thing kept. */
const CURRENT = 'tabula.current';
const OPTIONS = 'tabula.options';
const GAMES = 'tabula.games';
/** The most games "My games" keeps: the oldest go first. */
const MAX_GAMES = 100;

let troubled = false;
let onTrouble = () => {};

/** `handler(message)` is called once, the first time storage fails. */
export function whenStorageFails(handler) {
  onTrouble = handler;
}

function read(key) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch (e) {
    fail(e);
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (e) {
    fail(e);
    return false;
  }
}

function fail(e) {
  if (troubled) return;
  troubled = true;
  const why = e && e.name === 'QuotaExceededError' ? 'the browser\'s storage is full' : `storage is refused (${e && e.message ? e.message : e})`;
  onTrouble(`Games cannot be kept in this browser: ${why}. The page goes on without keeping them.`);
}

/** The game in progress as kept (see `snapshot` in app.js), or null. */
export const loadCurrent = () => read(CURRENT);
export const saveCurrent = (snapshot) => write(CURRENT, snapshot);

/** The board's options: {flipped, diamond, animate, sound}. */
export const loadOptions = () => read(OPTIONS) || {};
export const saveOptions = (options) => write(OPTIONS, options);

/** "My games": newest first. */
export function listGames() {
  const games = read(GAMES);
  return Array.isArray(games) ? games : [];
}

/** Adds or updates the game `entry` (by its id), as the newest. */
export function keepGame(entry) {
  const games = listGames().filter((g) => g.id !== entry.id);
  games.unshift(entry);
  return write(GAMES, games.slice(0, MAX_GAMES));
}

/** Adds the record `record` to the kept game `id`, if it is still kept. */
export function keepRecord(id, record) {
  const games = listGames();
  const game = games.find((g) => g.id === id);
  if (!game) return;
  game.record = record;
  write(GAMES, games);
}

export function deleteGame(id) {
  write(GAMES, listGames().filter((g) => g.id !== id));
}

/** Forgets every game (the one in progress stays on the board, and is kept again as it goes on). */
export function deleteAll() {
  try {
    localStorage.removeItem(GAMES);
    localStorage.removeItem(CURRENT);
  } catch (e) {
    fail(e);
  }
}
