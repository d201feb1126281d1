// tabula gui: the page's controller: it starts the page, opens the table shown (a new game, a
// game set up again from its snapshot, a shared link's, the one kept from the last visit) and
// listens to it, and carries out the actions of the controls that are not the board's or the
// side lines': moving through the game, players, flip, options, review, record, "My games".
// @ts-check
import { renderAnalysis } from './analysis-view.js';
import { renderBoard } from './board.js';
import { renderClocks } from './clocks.js';
import { api, connect, download, listen } from './connection.js';
import { $, notice, saveFile, showError } from './dom.js';
import { renderFeel } from './feel.js';
import * as keep from './keep.js';
import { keepNow, renderMyGames, snapshot } from './keeping.js';
import { fillControls } from './panel.js';
import { sharedGame } from './share.js';
import { showNode, toMainLine } from './side-lines.js';
import { newGameId, shownTable, ui } from './state.js';
import { applyAnalysis, applyTable, tablePost } from './table.js';
import { renderAll } from './views.js';
import { nodeOf } from './tree.js';

/** The module that says the version and commit of tabula the page comes from: written by the
 * server, or by scripts/web.sh for the static site (so not among these files). */
const VERSION_MODULE = './version.js';

/** The version of tabula, in the page's footer. */
async function showVersion() {
  try {
    const { version } = await import(VERSION_MODULE);
    $('version').textContent = `tabula ${version}`;
  } catch {
    $('version').textContent = 'tabula (version unknown)';
  }
}

/** Starts the page: its back end, its controls, the game to show (a shared link's, the one
 * kept from the last visit, or a new one). */
export async function start() {
  let backend;
  try {
    backend = await connect();
    if (backend.whenWaiting) {
      backend.whenWaiting((/** @type {number} */ seconds) => {
        $('status').textContent = `The server has too many tables open; asking again in ${seconds} s…`;
      });
    }
  } catch (e) {
    $('status').textContent = `Cannot start: ${e.message}`;
    return;
  }
  let info;
  try {
    info = await backend.info();
  } catch (e) {
    $('status').textContent = `Cannot reach the server: ${e.message}`;
    return;
  }
  ui.info = info;
  fillControls(info);
  showVersion();
  keep.whenStorageFails((/** @type {string} */ text) => notice('error', text));
  ui.options = { ...ui.options, ...keep.loadOptions() };
  applyOptions();
  renderMyGames();
  try {
    // A shared link shows its game; else the game kept from the last visit goes on; else the
    // page is ready to play: the person has white against tabula at a middle level, in Jeson Mor.
    if (location.hash.length > 1) await openShared(location.hash);
    else if (!(await restoreKept())) await createTable(OPENING_GAME, undefined, OPENING_PLAYERS);
  } catch (e) {
    $('status').textContent = `Cannot open a table: ${e.message}`;
  }
  window.addEventListener('hashchange', () => {
    if (location.hash.length > 1) openShared(location.hash);
  });
}

/** The game the page opens on: Jeson Mor at its 9 x 9, the classic game, where neither side is
 * known to win from the start (Joust on an even board is a proven win for black, the second
 * player: a person as white would be lost from the first move). */
const OPENING_GAME = 'jesonmor';

/** Who plays when the page opens: the person white, tabula (engine 0) black at a middle level. */
const OPENING_PLAYERS = { white: { kind: 'human' }, black: { kind: 'engine', engine: 0, level: 'medium' } };

/** Creates a table for this tab and listens to it: a new game, unless one is being set up
 * again (`ui.restoring`).
 * @param {string} game
 * @param {string} [size]
 * @param {object} [players] */
async function createTable(game, size, players) {
  /** @type {Record<string, unknown>} */
  const body = { game, ...(players || {}) };
  if (size) body.size = size;
  const t = await api('POST', '/api/tables', body);
  ui.id = t.id;
  ui.table = null;
  ui.playersDirty = false;
  ui.playersShown = '';
  ui.positionDirty = false;
  if (!ui.restoring) ui.gameId = newGameId();
  ui.standardStarts[`${t.game} ${t.width}x${t.height}`] = t.start;
  document.body.dataset.table = t.id;
  applyTable(t);
  listen(t.id, onEvent);
}

/** An event of our table (backend.js).
 * @param {string} name
 * @param {any} data */
function onEvent(name, data) {
  if (name === 'state') applyTable(data);
  else if (name === 'analysis') applyAnalysis(data);
  else if (name === 'notice') notice(data.level, data.text);
  else if (name === 'online') document.body.classList.remove('offline');
  else if (name === 'offline') document.body.classList.add('offline');
  else if (name === 'gone') rebuild(data?.text);
}

/** The table is gone (server restarted, tab asleep too long, the static home's module reloaded
 * after a fault: `why`): a new one is opened and the game shown is set up on it again, its
 * clocks with the time they had. */
async function rebuild(why = 'The server had closed this game') {
  const t = ui.table;
  try {
    if (!t) return await createTable(OPENING_GAME, undefined, OPENING_PLAYERS);
    await setUp(snapshot(t));
    notice('info', `${why}; the game has been set up again.`);
  } catch (e) {
    notice('error', `${why}; a new game has started (${e.message}).`);
  }
}

/** Sets the game `s` (a snapshot) up on a new table: its record loaded (every move's thinking
 * time and evaluation with it) or else its position, then the moves the record does not hold
 * (put back, not timed), the move shown, players, limit, clocks and analysis. Throws the first
 * refusal.
 * @param {any} s */
async function setUp(s) {
  ui.restoring = true;
  try {
    await createTable(s.game, s.size);
    ui.gameId = s.id || newGameId();
    const post = (/** @type {string} */ path, /** @type {unknown} */ body) => api('POST', `/api/tables/${ui.id}/${path}`, body);
    const moves = s.moves || [];
    const recorded = s.record ? await loadRecord(post, s, moves) : 0;
    if (s.start && shownTable().start !== s.start) applyTable(await post('position', { position: s.start }));
    for (const move of moves.slice(recorded)) applyTable(await post('move', { move, put_back: true }));
    if (s.ply != null && s.ply < (s.moves || []).length) applyTable(await post('goto', { ply: s.ply }));
    if (s.players) {
      /** @type {Record<string, unknown>} */
      const body = { white: s.players.white, black: s.players.black, limit: s.limit };
      if (s.clocks && s.limit && s.limit.kind === 'clock') body.clocks = s.clocks;
      applyTable(await post('players', body));
    }
    if (s.analysis) applyTable(await post('analysis', s.analysis));
    const viewed = s.view && Array.isArray(s.view.path) ? nodeOf(shownTable(), s.view.path) : null;
    if (viewed) {
      await showNode(viewed);
      applyTable(await post('goto', { ply: s.view.ply }));
    }
  } finally {
    ui.restoring = false;
  }
  keepNow();
}

/** Loads the record `s.record` kept with the game `s` on the table: how many of `moves` it sets
 * up. A record that is refused, or that is not the game's (another start, or moves it does not
 * begin with: a record fetched before a take back), sets up none, and the table is the new one.
 * @param {(path: string, body: unknown) => Promise<any>} post
 * @param {any} s
 * @param {string[]} moves */
async function loadRecord(post, s, moves) {
  const fresh = shownTable().start;
  let t;
  try {
    t = await post('record', { text: s.record });
  } catch {
    return 0;
  }
  if ((!s.start || t.start === s.start) && t.moves.length <= moves.length && t.moves.every((/** @type {string} */ m, /** @type {number} */ i) => m === moves[i])) {
    applyTable(t);
    return t.moves.length;
  }
  applyTable(await post('position', { position: s.start || fresh }));
  return 0;
}

/** Sets the game kept from the last visit up again; false if there is none (or it cannot be). */
async function restoreKept() {
  const kept = keep.loadCurrent();
  if (!kept || !kept.game) return false;
  try {
    await setUp(kept);
    if (ui.options.flipped != null) {
      ui.flipped = !!ui.options.flipped;
      renderAll();
    }
    return true;
  } catch (e) {
    notice('error', `The game kept from your last visit could not be set up again (${e.message}).`);
    return false;
  }
}

/** A button of "My games".
 * @param {MouseEvent} ev */
export async function onMyGame(ev) {
  const button = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (ev.target).closest('button[data-action]'));
  const li = /** @type {HTMLElement | null} */ (button?.closest('li[data-id]'));
  if (!button || !li) return;
  const g = keep.listGames().find((x) => x.id === li.dataset.id);
  if (!g) return renderMyGames();
  const action = button.dataset.action;
  if (action === 'delete') {
    keep.deleteGame(g.id);
    if (g.id === ui.gameId) ui.keptKey = null;
    return renderMyGames();
  }
  if (action === 'download') { // the game shown: its record as it is now
    if (g.id !== ui.gameId) return saveFile(g.record.name, g.record.text);
    return downloadRecord();
  }
  try {
    await setUp(g.snapshot);
  } catch (e) {
    notice('error', `${g.title} could not be opened (${e.message}).`);
    return;
  }
  renderMyGames();
  if (action === 'review') await postReview(true);
}

/** Opens a shared link's game (`hash`: `#game/WxH/moves[/position]`), people on both sides. A
 * link that is wrong or cut off, or whose position is not of its size, gets one message, and the
 * game in progress goes on (set up again from its snapshot, or the one kept from the last visit;
 * else the usual board). The fragment is then taken off the address, so that a reload goes on
 * with the game kept.
 * @param {string} hash */
async function openShared(hash) {
  const inProgress = ui.table && snapshot(ui.table);
  try {
    const shared = sharedGame(hash);
    await setUp(shared);
    const shown = `${shownTable().width}x${shownTable().height}`;
    if (shown !== shared.size) throw new Error(`its position is ${shown}, not ${shared.size}`);
  } catch (e) {
    if (inProgress) await setUp(inProgress);
    const goesOn = inProgress || (await restoreKept());
    if (!goesOn) await createTable(OPENING_GAME, undefined, OPENING_PLAYERS);
    notice('error', `This link's game cannot be shown (${e.message}); ${goesOn ? 'the game in progress goes on' : 'the usual board is shown instead'}.`);
  }
  history.replaceState(null, '', location.pathname + location.search);
}

/** The board's options, as kept: the board turned, Claustro's diamond, animation, sound. */
function applyOptions() {
  ui.diamond = !!ui.options.diamond;
  $('diamond').setAttribute('aria-pressed', String(ui.diamond));
  renderFeel();
}

/** Keeps the board's options. */
export function saveOptions() {
  ui.options.diamond = ui.diamond;
  ui.options.flipped = ui.flipped;
  keep.saveOptions(ui.options);
}

/** Saves the game's record as a file. */
export async function downloadRecord() {
  let record;
  try {
    record = await download(shownTable().id);
  } catch (e) {
    showError($('record-error'), e.message);
    return;
  }
  showError($('record-error'), '');
  saveFile(record.name, record.text);
}

/** Shows the position after `ply` moves. Key repeats count from the ply asked last.
 * @param {number} ply */
export async function gotoPly(ply) {
  const t = ui.table;
  if (!t) return;
  ply = Math.max(0, Math.min(t.moves.length, ply));
  if (ply === (ui.navPly ?? t.ply)) return;
  ui.navPly = ply;
  await tablePost('goto', { ply }, $('move-error'));
  if (ui.navPly === ply) ui.navPly = null;
}

export const navFrom = () => ui.navPly ?? shownTable().ply;

/** One click swaps who plays white and who plays black, the limit kept. */
export async function swapSides() {
  const t = ui.table;
  if (!t) return;
  ui.playersDirty = false;
  await tablePost('players', { white: t.players.black, black: t.players.white, limit: t.limit }, $('move-error'));
}

/** Copies the position string of the position shown. */
export async function copyPosition() {
  const text = ui.table ? ui.table.position : '';
  try {
    await navigator.clipboard.writeText(text);
  } catch { // no clipboard API: select the field and copy from it
    const input = $('position');
    input.value = text;
    input.select();
    document.execCommand('copy');
  }
  const btn = $('copy-position');
  btn.textContent = 'Copied';
  setTimeout(() => { btn.textContent = 'Copy'; }, 1200);
}

/** Turns the board round (and keeps it so). */
export function flip() {
  ui.flipped = !ui.flipped;
  saveOptions();
  renderBoard(ui);
  renderClocks();
  renderAnalysis();
}

/** Starts (`on`) or stops a review of the main line.
 * @param {boolean} on */
export async function postReview(on) {
  if (on) await toMainLine(); // the main line is reviewed
  const depth = parseInt($('review-depth').value, 10);
  await tablePost('review', on ? { on, depth } : { on }, $('review-error'));
}

