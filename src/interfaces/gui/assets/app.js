// tabula gui: the browser page. Plain ES2020, no framework, no build step.
// It talks to its tables through backend.js: the JSON API and the event socket of
// docs/gui.md (GET /api/info, /api/tables/...), served by `tabula gui` or answered in the
// tab by tabula as WebAssembly. The tables are the referee: the page never decides whether a
// move is legal, it asks `targets` on every click.
// The board's drawing is in board.js.
'use strict';

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';

/** Makes an SVG element with the given attributes, appended to `parent` if given. */
function svgEl(name, attrs, parent) {
  const el = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

/** Makes an HTML element with a class and a text. */
function h(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The page's tables: the server's, or tabula's in this tab (backend.js). */
let backend = null;

/** Sends a request; resolves to the JSON answer, rejects with the server's error sentence. */
const api = (method, path, body) => backend.request(method, path, body);

/** Shows `text` in the error element `el` (empty clears it). */
function showError(el, text) {
  el.textContent = text || '';
}

const fileName = (x) => String.fromCharCode(97 + x);
const squareName = (x, y) => fileName(x) + (y + 1);
const parseSquare = (s) => ({ x: s.charCodeAt(0) - 97, y: parseInt(s.slice(1), 10) - 1 });
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const other = (side) => (side === 'white' ? 'black' : 'white');
const playerOf = (t, side) => t.players[side];
/** The game's title (from the table, else from /api/info). */
function gameTitle(t) {
  const g = ui.info && ui.info.games.find((x) => x.name === t.game);
  return t.title || (g ? g.title : t.game);
}

// ---------------------------------------------------------------------------
// Page state
// ---------------------------------------------------------------------------

const ui = {
  info: null,          // GET /api/info
  id: null,            // our table's id
  table: null,         // the Table shown
  flipped: false,      // black at the bottom
  movable: new Set(),  // start squares (targets with path [])
  movableFor: -1,      // the table version `movable` belongs to
  entry: { path: [], next: [], complete: null }, // the move being entered
  entrySeq: 0,         // drops answers to outdated targets requests
  analysis: null,      // last Analysis for the position shown
  positionSince: 0,    // first table version that showed the current position
  clockAt: 0,          // performance.now() when the clocks were received
  playersDirty: false, // the players form has edits not applied yet
  positionDirty: false, // the position field has been edited
  arrows: null,        // {layer, g}: where analysis arrows are drawn
  navPly: null,        // the ply of a goto on its way
  diamond: false,      // Claustro drawn turned 45 degrees
  playersShown: '',    // the players and limit the form was last set from
  levelsFor: null,     // the game the level lists were filled for
  drag: null,          // a piece being dragged: {sq, x, y, active, ready, id}
  dragEnded: false,    // a drag has just ended (its click is ignored)
  recordChoice: null,  // a record file of several games: {text, games} until one is chosen
  gameId: null,        // the game shown, as keep.js keeps it
  restoring: false,    // a game is being set up again: not kept meanwhile
  keptKey: null,       // what was last kept in "My games"
  standardStarts: {},  // `game WxH` -> the start position of a new table
  options: {},         // the board's options, kept (keep.js): diamond, flipped, animate, sound
  arrival: null,       // the piece of the move just played, sliding in: {version, from, to}
  sideLines: [],       // a study board's side lines: {at, prefix, moves} (below)
  viewing: null,       // the side line shown, whose moves the table holds; null: the main line
  main: null,          // the main line's moves while a side line is shown (or tried)
  switching: false,    // the table is being put on another line: not kept, no sound
};

// ---------------------------------------------------------------------------
// Start-up: info, controls, our table, the event stream
// ---------------------------------------------------------------------------

// The version and commit of tabula the page comes from, in its footer (version.js: written by
// the server, or by scripts/web.sh for the static site).
async function showVersion() {
  try {
    const { version } = await import('./version.js');
    $('version').textContent = `tabula ${version}`;
  } catch (e) {
    $('version').textContent = 'tabula (version unknown)';
  }
}

async function start() {
  try {
    const { openBackend } = await import('./backend.js');
    backend = await openBackend();
    if (backend.whenWaiting) {
      backend.whenWaiting((seconds) => {
        $('status').textContent = `The server has too many tables open; asking again in ${seconds} s…`;
      });
    }
  } catch (e) {
    $('status').textContent = `Cannot start: ${e.message}`;
    return;
  }
  try {
    ui.info = await backend.info();
  } catch (e) {
    $('status').textContent = `Cannot reach the server: ${e.message}`;
    return;
  }
  fillControls(ui.info);
  showVersion();
  try {
    keep = await import('./keep.js');
    keep.whenStorageFails((text) => notice('error', text));
    ui.options = { ...ui.options, ...keep.loadOptions() };
  } catch (e) {
    keep = null;
  }
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

/** Fills the selects from /api/info. */
function fillControls(info) {
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

/** The game the page opens on: Jeson Mor at its 9 x 9, the classic game, where neither side is
 * known to win from the start (Joust on an even board is a proven win for black, the second
 * player: a person as white would be lost from the first move). */
const OPENING_GAME = 'jesonmor';
/** Who plays when the page opens: the person white, tabula (engine 0) black at a middle level. */
const OPENING_PLAYERS = { white: { kind: 'human' }, black: { kind: 'engine', engine: 0, level: 'medium' } };

/** Creates a table for this tab and listens to it: a new game, unless one is being set up
 * again (`ui.restoring`). */
async function createTable(game, size, players) {
  const body = { game, ...(players || {}) };
  if (size) body.size = size;
  const t = await api('POST', '/api/tables', body);
  ui.id = t.id;
  ui.table = null;
  ui.playersDirty = false;
  ui.playersShown = '';
  ui.positionDirty = false;
  if (!ui.restoring) ui.gameId = newGameId();
  ui.sideLines = [];
  ui.viewing = null;
  ui.main = null;
  ui.standardStarts[`${t.game} ${t.width}x${t.height}`] = t.start;
  document.body.dataset.table = t.id;
  applyTable(t);
  backend.listen(t.id, onEvent);
}

/** An event of our table (backend.js). */
function onEvent(name, data) {
  if (name === 'state') applyTable(data);
  else if (name === 'analysis') applyAnalysis(data);
  else if (name === 'notice') notice(data.level, data.text);
  else if (name === 'online') document.body.classList.remove('offline');
  else if (name === 'offline') document.body.classList.add('offline');
  else if (name === 'gone') rebuild(data && data.text);
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

// ---------------------------------------------------------------------------
// Games kept (keep.js): the game in progress over a reload, "My games", shared links
// ---------------------------------------------------------------------------

/** What keep.js keeps (null where the browser refuses it). */
let keep = null;

const newGameId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The game `t` as it is kept: enough to set it up again on a new table, clocks included
 * (the running one read now). */
function snapshot(t) {
  let clocks = null;
  if (t.clocks) {
    const spent = performance.now() - ui.clockAt;
    const left = (side) => Math.max(0, Math.round((side === 'white' ? t.clocks.white_ms : t.clocks.black_ms) -
      (t.clocks.running === side ? spent : 0)));
    clocks = { white_ms: left('white'), black_ms: left('black') };
  }
  // The main line, and where a side line is shown, its moves and the position shown in it.
  const view = ui.viewing ? { path: t.moves, ply: t.ply } : null;
  return {
    id: ui.gameId, game: t.game, size: `${t.width}x${t.height}`, start: t.start, moves: mainLine(t),
    ply: view ? Math.min(t.ply, ui.viewing.at) : t.ply, view,
    players: t.players, limit: t.limit, analysis: t.analysis, clocks,
    result: t.result ? t.result.text : null, savedAt: Date.now(), sideLines: ui.sideLines,
  };
}

/** Sets the game `s` (a snapshot) up on a new table: its position, moves, the move shown,
 * players, limit, clocks and analysis. Throws the first refusal. */
async function setUp(s) {
  ui.restoring = true;
  try {
    await createTable(s.game, s.size);
    ui.gameId = s.id || newGameId();
    const post = (path, body) => api('POST', `/api/tables/${ui.id}/${path}`, body);
    if (s.start && ui.table.start !== s.start) applyTable(await post('position', { position: s.start }));
    for (const move of s.moves || []) applyTable(await post('move', { move }));
    if (s.ply != null && s.ply < (s.moves || []).length) applyTable(await post('goto', { ply: s.ply }));
    if (s.players) {
      const body = { white: s.players.white, black: s.players.black, limit: s.limit };
      if (s.clocks && s.limit && s.limit.kind === 'clock') body.clocks = s.clocks;
      applyTable(await post('players', body));
    }
    if (s.analysis) applyTable(await post('analysis', s.analysis));
    ui.sideLines = Array.isArray(s.sideLines) ? s.sideLines : [];
    const viewed = s.view && ui.sideLines.find((l) => sameMoves(pathOf(l), s.view.path));
    if (viewed) await showLine(viewed, s.view.ply);
    renderMoves();
  } finally {
    ui.restoring = false;
  }
  keepNow();
}

/** Sets the game kept from the last visit up again; false if there is none (or it cannot be). */
async function restoreKept() {
  const kept = keep && keep.loadCurrent();
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

/** Keeps the game shown: as the game in progress, and in "My games" once it has a move (its
 * record fetched when its moves, result or players change). */
function keepNow(force = false) {
  const t = ui.table;
  if (!keep || !t || ui.restoring || ui.switching) return;
  if (force === true) ui.keptKey = null;
  const s = snapshot(t);
  keep.saveCurrent(s);
  if (!s.moves.length) return;
  const key = JSON.stringify([s.id, s.moves, s.result, t.players]);
  if (key === ui.keptKey) return;
  ui.keptKey = key;
  const id = s.id;
  const kept = keep.listGames().find((g) => g.id === id);
  keep.keepGame({ id, savedAt: s.savedAt, title: `${gameTitle(t)} ${s.size}`,
    white: playerName(t, 'white'), black: playerName(t, 'black'), plies: s.moves.length, result: s.result,
    snapshot: s, record: kept && kept.record });
  renderMyGames();
  // The record is the main line's: fetched while the table holds it (a side line shown puts its
  // moves there; going back to the main line keeps the game again).
  if (ui.viewing) return;
  const book = bookMoves(t);
  backend.download(ui.id).then((record) => {
    if (ui.gameId === id) record.text = withSideLines(record.text, s.moves, s.start, book);
    keep.keepRecord(id, record);
    renderMyGames();
  }, () => {});
}

/** "My games": each kept game with its buttons. */
function renderMyGames() {
  const list = $('my-games');
  list.replaceChildren();
  const games = keep ? keep.listGames() : [];
  $('forget-games').disabled = games.length === 0;
  if (!keep) list.appendChild(h('li', 'muted', 'This browser keeps no games.'));
  else if (!games.length) list.appendChild(h('li', 'muted', 'No games yet: the games you play here are kept.'));
  for (const g of games) {
    const li = h('li', g.id === ui.gameId ? 'kept current' : 'kept');
    li.dataset.id = g.id;
    const when = new Date(g.savedAt).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
    li.appendChild(h('span', 'kept-text', `${g.title} · ${g.white} – ${g.black} · ${g.plies} ${g.plies === 1 ? 'ply' : 'plies'} · ${g.result || 'unfinished'} · ${when}`));
    const buttons = h('span', 'kept-buttons');
    for (const [action, label] of [['open', 'Open'], ['review', 'Review'], ['download', 'Download'], ['delete', 'Delete']]) {
      const b = h('button', '', label);
      b.type = 'button';
      b.dataset.action = action;
      if (action === 'download') b.disabled = !g.record;
      buttons.appendChild(b);
    }
    li.appendChild(buttons);
    list.appendChild(li);
  }
}

/** A button of "My games". */
async function onMyGame(ev) {
  const button = ev.target.closest('button[data-action]');
  const li = button && button.closest('li[data-id]');
  if (!button || !li || !keep) return;
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

/** The link that shows the position on the board: `#game/WxH/moves` (the moves up to the one
 * shown, joined by dots), with `/position` (the start's position string, encoded) where the game
 * does not begin at its usual start. */
function shareLink(t) {
  const size = `${t.width}x${t.height}`;
  let fragment = `${t.game}/${size}/${t.moves.slice(0, t.ply).join('.')}`;
  if (ui.standardStarts[`${t.game} ${size}`] !== t.start) fragment += `/${encodeURIComponent(t.start)}`;
  return `${location.origin}${location.pathname}#${fragment}`;
}

async function share() {
  const link = shareLink(ui.table);
  const field = $('share-link');
  field.value = link;
  field.hidden = false;
  field.select();
  try {
    await navigator.clipboard.writeText(link);
    $('share').textContent = 'Link copied';
  } catch (e) {
    $('share').textContent = 'Copy the link';
  }
  setTimeout(() => { $('share').textContent = 'Share'; }, 1500);
}

/** Opens a shared link's game (`hash`: `#game/WxH/moves[/position]`), people on both sides; a
 * link that is wrong or cut off gets one message and the usual board. The fragment is then
 * taken off the address, so that a reload goes on with the game kept. */
async function openShared(hash) {
  try {
    const parts = hash.slice(1).split('/');
    const [game, size, moves, start] = parts;
    if (parts.length < 3 || parts.length > 4 || !ui.info.games.some((g) => g.name === game) ||
      !/^\d+(x\d+)?$/.test(size)) {
      throw new Error('it is not game/size/moves');
    }
    await setUp({ id: newGameId(), game, size, start: start ? decodeURIComponent(start) : null,
      moves: moves ? moves.split('.') : [], players: { white: { kind: 'human' }, black: { kind: 'human' } },
      limit: { kind: 'movetime', ms: 1000 } });
  } catch (e) {
    notice('error', `This link's game cannot be shown (${e.message}); the usual board is shown instead.`);
    await createTable(OPENING_GAME, undefined, OPENING_PLAYERS);
  }
  history.replaceState(null, '', location.pathname + location.search);
}

/** The board's options, as kept: the board turned, Claustro's diamond, animation, sound. */
function applyOptions() {
  ui.diamond = !!ui.options.diamond;
  $('diamond').setAttribute('aria-pressed', String(ui.diamond));
  renderFeel();
}

function saveOptions() {
  ui.options.diamond = ui.diamond;
  ui.options.flipped = ui.flipped;
  if (keep) keep.saveOptions(ui.options);
}

/** Saves the game's record as a file. */
async function downloadRecord() {
  let record;
  try {
    record = await gameRecord();
  } catch (e) {
    showError($('record-error'), e.message);
    return;
  }
  showError($('record-error'), '');
  saveFile(record.name, record.text);
}

/** Saves `text` as the file `name`. */
function saveFile(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = h('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60000); // the download may start late
}

// ---------------------------------------------------------------------------
// Incoming events
// ---------------------------------------------------------------------------

/** Shows a Table (from `state` or from an answer), unless it is older than the one shown. */
function applyTable(t) {
  if (!t || t.id !== ui.id) return;
  const old = ui.table;
  // An equal version still counts: engine status, failures and a review's progress come
  // without a new version, told apart by `sent` (an answer may arrive after later events).
  if (old && (t.version < old.version || (t.version === old.version && t.sent < old.sent))) return;
  const positionChanged = !old || old.position !== t.position || old.ply !== t.ply ||
    old.game !== t.game || old.moves.length !== t.moves.length;
  ui.table = t;
  ui.clockAt = performance.now();
  // A side line shown follows the table's line: moves played at its end, a take back.
  const line = ui.viewing;
  if (line && !ui.switching && t.moves.length > line.at && sameMoves(t.moves.slice(0, line.at), line.prefix)) {
    line.moves = t.moves.slice(line.at);
  }
  if (!old || old.game !== t.game || old.width !== t.width || old.height !== t.height) {
    // a new game or size: show it in the new-game controls
    $('game').value = t.game;
    $('size').value = `${t.width}x${t.height}`;
    const g = ui.info && ui.info.games.find((x) => x.name === t.game);
    if (g) $('size').title = g.sizes;
  }
  // Playing black against an engine: black at the bottom (and back when that changes).
  const humans = ['white', 'black'].filter((side) => playerOf(t, side).kind === 'human');
  if ((!old || JSON.stringify(old.players) !== JSON.stringify(t.players)) && humans.length === 1) {
    ui.flipped = humans[0] === 'black';
  }
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
  if (!ui.switching && old && old.id === t.id && t.moves.length === old.moves.length + 1 && t.ply === t.moves.length &&
    old.ply === old.moves.length && (t.last_move || []).length >= 2) {
    const path = t.last_move;
    const to = t.game === 'claustro' ? path[1] : path[path.length - 1];
    if (ui.options.animate !== false && !ui.dragEnded) ui.arrival = { version: t.version, from: path[0], to };
    moveSound();
  }
  renderAll();
  keepNow();
}

// ---------------------------------------------------------------------------
// Feel: a move's sound (Web Audio, made here, nothing loaded) and the options' buttons
// ---------------------------------------------------------------------------

/** The sound's AudioContext: made at a person's click or key once sound is on (browsers let
 * a page sound only after one). */
let audio = null;

function wakeAudio() {
  if (!ui.options.sound || !window.AudioContext) return;
  if (!audio) audio = new AudioContext();
  if (audio.state === 'suspended') audio.resume();
}

/** A short wooden knock: a falling triangle tone with a quick decay. */
function moveSound() {
  if (!ui.options.sound || !audio || audio.state !== 'running') return;
  const now = audio.currentTime;
  const tone = audio.createOscillator();
  const level = audio.createGain();
  tone.type = 'triangle';
  tone.frequency.setValueAtTime(520, now);
  tone.frequency.exponentialRampToValueAtTime(240, now + 0.08);
  level.gain.setValueAtTime(0.0001, now);
  level.gain.exponentialRampToValueAtTime(0.3, now + 0.005);
  level.gain.exponentialRampToValueAtTime(0.0001, now + 0.1);
  tone.connect(level).connect(audio.destination);
  tone.start(now);
  tone.stop(now + 0.12);
}

/** The animation and sound buttons show their options. */
function renderFeel() {
  $('animate').setAttribute('aria-pressed', String(ui.options.animate !== false));
  $('sound').setAttribute('aria-pressed', String(!!ui.options.sound));
}

/** Shows an Analysis if it is for the position shown. */
function applyAnalysis(a) {
  const t = ui.table;
  if (!t || !t.analysis.on || a.version < ui.positionSince) return;
  ui.analysis = a;
  drawArrows();
  renderAnalysis();
}

/** Adds a notice to the log and shows it briefly as a toast. */
function notice(level, text) {
  const time = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const li = h('li', level === 'error' ? 'error' : 'info', `${time} ${text}`);
  const list = $('notices');
  list.prepend(li);
  while (list.children.length > 50) list.lastChild.remove();
  const toast = $('toasts').appendChild(h('div', `toast ${li.className}`, text));
  setTimeout(() => toast.remove(), level === 'error' ? 8000 : 4000);
}

// ---------------------------------------------------------------------------
// Move entry (click-click with mouse or touch, driven by `targets`)
// ---------------------------------------------------------------------------

/** May a move be entered at the cursor? A human is to move, or the cursor is inside the game. */
function canEnter(t) {
  if (!t || t.result) return false;
  // A game with an engine or clocks goes on at its end only, and a person moves only for a
  // human side; without them (a study board) any move of any position shown may be tried.
  if (!isPlaying(t)) return true;
  return t.ply === t.moves.length && playerOf(t, t.side).kind === 'human';
}

/** Whether a game is being played (an engine plays a side, or clocks run), as the server says. */
function isPlaying(t) {
  return !!t.clocks || ['white', 'black'].some((side) => playerOf(t, side).kind !== 'human');
}

/** What a move being entered depends on: while it stays the same, the entry goes on. */
function entryKey(t) {
  return `${t.id} ${t.game} ${t.position} ${t.ply} ${t.moves.length} ${canEnter(t)}`;
}

function resetEntry() {
  ui.entry = { path: [], next: [], complete: null };
  ui.entrySeq++;
}

/** Asks for the start squares of the position shown. */
async function loadMovable(t) {
  const seq = ui.entrySeq, key = entryKey(t);
  try {
    const r = await api('POST', `/api/tables/${ui.id}/targets`, { path: [] });
    if (entryKey(ui.table) !== key || seq !== ui.entrySeq) return;
    ui.movable = new Set(r.next);
    ui.movableFor = ui.table.version;
    renderBoard();
  } catch (e) {
    if (entryKey(ui.table) === key) showError($('move-error'), e.message);
  }
}

/** Asks which squares may follow `path`, then sends the move or waits for the next click. */
async function extendEntry(path) {
  const key = entryKey(ui.table);
  const seq = ++ui.entrySeq;
  let r;
  try {
    r = await api('POST', `/api/tables/${ui.id}/targets`, { path });
  } catch (e) {
    if (entryKey(ui.table) === key && seq === ui.entrySeq) {
      showError($('move-error'), e.message);
      cancelEntry();
    }
    return;
  }
  if (entryKey(ui.table) !== key || seq !== ui.entrySeq) return;
  if (r.complete && r.next.length === 0) {
    sendMove(r.complete);
    return;
  }
  if (r.next.length === 0) { // nothing can follow (should not happen): start again
    cancelEntry();
    return;
  }
  ui.entry = { path, next: r.next, complete: r.complete };
  renderBoard();
  renderStatus();
}

function cancelEntry() {
  resetEntry();
  renderBoard();
  renderStatus();
}

/** A click on a square of the board. */
function onSquare(sq) {
  const t = ui.table;
  if (!canEnter(t)) return;
  showError($('move-error'), '');
  const e = ui.entry;
  if (e.path.length === 0) {
    if (ui.movable.has(sq)) extendEntry([sq]);
    return;
  }
  const last = e.path[e.path.length - 1];
  if (e.complete && sq === last && e.path.length > 1) {
    sendMove(e.complete); // clicking the last square again ends the turn
  } else if (e.next.includes(sq)) {
    extendEntry([...e.path, sq]);
  } else if (ui.movable.has(sq) && sq !== e.path[0]) {
    extendEntry([sq]);
  } else {
    cancelEntry();
  }
}

async function sendMove(move) {
  resetEntry();
  renderBoard();
  if (!(await playMove(move))) {
    renderBoard();
    renderStatus();
  }
}

/** Plays `move` at the position shown. In a study board, away from the end of the line shown, a
 * move other than the line's next one follows the line (main or side) that goes on with it, or
 * starts a side line there, which is then the line shown; at the end of a side line it extends
 * it. Shows a refusal under the board; the table played, or null. */
async function playMove(move) {
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
  const startsWith = (moves) => sameMoves(moves.slice(0, path.length), path);
  if (startsWith(ui.main)) {
    await showLine(null, path.length);
  } else {
    const known = ui.sideLines.find((l) => startsWith(pathOf(l)));
    if (known) {
      await showLine(known, path.length);
    } else {
      ui.viewing = addLines(ui.main, [path])[0];
      renderMoves();
      keepNow(true);
    }
  }
  return ui.table;
}

// ---------------------------------------------------------------------------
// Side lines (a study board's move tree, kept by the page; the table holds one line of it): a
// side line is `{at, prefix, moves}`, the moves played in place of the move after the `prefix`
// (its first `at` moves, which may go through another side line). The table holds the line
// shown: the main line, or a side line's whole path while it is browsed (`ui.viewing`, the main
// line then kept in `ui.main`). Side lines are promoted (made the main line) or deleted, and
// written into records as `( ... )` (docs/records.md), and a loaded record's are read back.
// ---------------------------------------------------------------------------

const sameMoves = (a, b) => a.length === b.length && a.every((m, i) => m === b[i]);
/** How many first moves `a` and `b` share. */
function commonLength(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
/** A side line's moves from the start of the game. */
const pathOf = (l) => [...l.prefix, ...l.moves];
/** The main line: the table's, or the one kept aside while a side line is shown. */
const mainLine = (t) => ui.main || t.moves;

/** Side lines for `paths` (moves from the start), each branching where it leaves the main line
 * `main`, the side lines kept and those before it, the latest place: added to the kept ones and
 * returned (a path that is all on a line already adds none). */
function addLines(main, paths) {
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
 * moves, in the order kept. */
function branchesOf(path, from) {
  return ui.sideLines.map((l, index) => ({ l, index })).filter(({ l }) => l.at >= from && l.at < path.length &&
    l.moves[0] !== path[l.at] && sameMoves(l.prefix, path.slice(0, l.at)));
}

/** Puts the moves `path` on the table and shows the position after `ply` of them: the moves the
 * table's line shares with it stay, the others are played there, put back with no thinking time
 * (the table judges them). Throws the table's refusal. */
async function putLine(path, ply) {
  const switching = ui.switching;
  ui.switching = true;
  try {
    const post = async (what, body) => {
      const t = await api('POST', `/api/tables/${ui.id}/${what}`, body);
      applyTable(t);
      return t;
    };
    let t = ui.table;
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

/** Shows the position after `ply` moves of the side line `line`, or of the main line (`null`). */
async function showLine(line, ply) {
  const t = ui.table;
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
async function toMainLine() {
  if (ui.viewing) await showLine(null, Math.min(ui.table.ply, ui.viewing.at));
}

/** `fn` run with the main line on the table, the side line shown then shown again. */
async function onMainLine(fn) {
  const line = ui.viewing, ply = ui.table.ply;
  if (!line) return fn();
  await showLine(null, line.at);
  try {
    return await fn();
  } finally {
    await showLine(line, ply);
  }
}

/** The side line and those that branch from it. */
function lineAndBranches(line) {
  const head = [...line.prefix, line.moves[0]];
  return ui.sideLines.filter((l) => l === line || (l.at > line.at && sameMoves(pathOf(l).slice(0, head.length), head)));
}

/** The side line becomes the main line; the main line's moves from where they part become a side
 * line in its place. The board shows the line's last move. */
async function promoteSideLine(index) {
  const line = ui.sideLines[index];
  if (!line) return;
  const path = pathOf(line);
  const others = [mainLine(ui.table), ...ui.sideLines.filter((l) => l !== line).map(pathOf)];
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

/** Deletes the side line and those that branch from it (back to the main line if one was shown). */
async function deleteSideLine(index) {
  const line = ui.sideLines[index];
  if (!line) return;
  const gone = lineAndBranches(line);
  if (ui.viewing && gone.includes(ui.viewing)) await showLine(null, line.at);
  ui.sideLines = ui.sideLines.filter((l) => !gone.includes(l));
  renderMoves();
  keepNow(true);
}

/** The line the side line `line` branches from: another side line, or the main line (null). */
function parentOf(line) {
  return ui.sideLines.find((p) => p !== line && p.at < line.at && p.at + p.moves.length > line.at &&
    sameMoves(pathOf(p).slice(0, line.at), line.prefix)) || null;
}

/** Takes back the move before the position shown, in the line it is on; a side line whose
 * every move is taken back is gone, and the board is on the line it branched from. */
async function takeBack() {
  while (ui.viewing && ui.table.ply <= ui.viewing.at) await showLine(parentOf(ui.viewing), ui.table.ply);
  const line = ui.viewing;
  const t = await tablePost('undo', undefined, $('move-error'));
  if (t && line && t.moves.length <= line.at) {
    const parent = parentOf(line);
    const gone = lineAndBranches(line);
    ui.sideLines = ui.sideLines.filter((l) => !gone.includes(l));
    await showLine(parent, t.ply);
  }
}

/** The move number and side of the move after `ply` moves of a game that starts at `start`. */
function moveNumber(start, ply) {
  const fields = start.trim().split(/\s+/);
  const p = ply + (fields[1] === 'b' ? 1 : 0);
  return { number: (parseInt(fields[3], 10) || 1) + Math.floor(p / 2), white: p % 2 === 0 };
}

/** The numbered moves `moves` played after `at` moves (`2... e5c4 3. f5h6`): each `{label, move}`,
 * the label `2.` before white's moves and `2...` before the first if it is black's. */
function numbered(start, at, moves) {
  return moves.map((move, k) => {
    const { number, white } = moveNumber(start, at + k);
    return { label: white ? `${number}.` : (k === 0 ? `${number}...` : null), move };
  });
}

/** A side line as a record writes it, the side lines branching from it inside it:
 * `2. c3d5 b7c5 (2... b7a5) 3. d5e7`. */
function lineText(start, line) {
  const path = pathOf(line);
  const branches = branchesOf(path, line.at + 1);
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
 * Opening tag, not in its movetext). */
function withSideLines(text, main, start, book) {
  const lines = branchesOf(main, book);
  const split = text.indexOf('\n\n');
  if (!lines.length || split < 0) return text;
  const head = text.slice(0, split + 2);
  let body = text.slice(split + 2);
  const words = movetextWords(body);
  const moves = words.filter((w) => !w.text.endsWith('.') && !['1-0', '0-1', '1/2-1/2', '*'].includes(w.text));
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

/** The record of the game shown, its side lines written in. */
async function gameRecord() {
  return onMainLine(async () => {
    const record = await backend.download(ui.id);
    const t = ui.table;
    return { name: record.name, text: withSideLines(record.text, t.moves, t.start, bookMoves(t)) };
  });
}

/** The words of a movetext outside its comments, each with where it begins. */
function movetextWords(body) {
  const words = [];
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (depth > 0) {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      continue;
    }
    if (c === '{') { depth = 1; continue; }
    if (/\s/.test(c)) continue;
    let end = i;
    while (end < body.length && !/\s/.test(body[end]) && body[end] !== '{') end++;
    words.push({ at: i, text: body.slice(i, end) });
    i = end - 1;
  }
  return words;
}

/** The movetext of each game of a record text (a tag line after a movetext begins the next). */
function recordMovetexts(text) {
  const games = [];
  let game = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const tag = /^\[\w+\s+".*"\]$/.test(line);
    if (!game || (tag && game.moves)) {
      game = { moves: '' };
      games.push(game);
    }
    if (!tag) game.moves += `${line}\n`;
  }
  return games.map((g) => g.moves);
}

/** The side lines of a movetext as paths from the start, in the order written: `base` the
 * moves before the movetext (the Opening's), `main` the main line as the table took it. A side
 * line `( ... )` replaces the move before it; comments are read past. Throws what is wrong. */
function sideLinePaths(movetext, base, main) {
  const tokens = [];
  let depth = 0, word = '';
  const flush = () => { if (word) tokens.push(word); word = ''; };
  for (const c of movetext) {
    if (depth > 0) {
      if (c === '{') depth++;
      else if (c === '}') depth--;
    } else if (c === '{') {
      flush();
      depth = 1;
    } else if (c === '(' || c === ')') {
      flush();
      tokens.push(c);
    } else if (/\s/.test(c)) {
      flush();
    } else {
      word += c;
    }
  }
  flush();
  const paths = [], open = [];
  let path = base.slice();
  for (const token of tokens) {
    if (token === '(') {
      if (path.length <= base.length) throw new Error('a side line comes before any move it could replace');
      open.push({ path, slot: paths.length });
      paths.push(null);
      path = path.slice(0, -1);
    } else if (token === ')') {
      const from = open.pop();
      if (!from) throw new Error('a ) closes no side line');
      if (path.length > from.path.length - 1) paths[from.slot] = path;
      path = from.path;
    } else if (!token.endsWith('.') && !['1-0', '0-1', '1/2-1/2', '*'].includes(token)) {
      path.push(open.length ? token : (main[path.length] ?? token));
    }
  }
  if (open.length) throw new Error('a side line is left open');
  return paths.filter((p) => p);
}

/** A loaded record's side lines (game `number` of `text`, from 1), each tried on the table: the
 * side lines whose moves the rules take are kept, the others left out with one message under
 * *Load record*; the record is then loaded again, as it was. */
async function loadSideLines(text, number) {
  const t = ui.table;
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
        good.push(ui.table.moves.slice());
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

// Drag and drop (mouse, pen and finger): press on a piece, drop it on a marked square. A finger
// on the board drags (style.css: no panning there; the page scrolls from outside the board).
// The same `targets` answers as for clicks are used.
function wireDrag() {
  const svg = $('board');
  svg.addEventListener('pointerdown', (ev) => {
    const el = ev.target.closest && ev.target.closest('[data-square]');
    if (ev.button !== 0 || !el || !canEnter(ui.table)) return;
    const sq = el.dataset.square;
    if (!ui.movable.has(sq) || ui.entry.path.length > 1) return; // not in the middle of a jump
    ui.drag = { sq, x: ev.clientX, y: ev.clientY, active: false, ready: null, id: ev.pointerId };
  });
  svg.addEventListener('pointermove', (ev) => {
    const d = ui.drag;
    if (!d || d.id !== ev.pointerId) return;
    if (!d.active) {
      if (Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 6) return;
      d.active = true;
      svg.setPointerCapture(ev.pointerId);
      const picked = ui.entry.path.length === 1 && ui.entry.path[0] === d.sq;
      d.ready = picked ? Promise.resolve() : extendEntry([d.sq]);
      renderBoard();
    }
    drawDragged(ev);
  });
  const drop = async (ev, cancelled) => {
    const d = ui.drag;
    if (!d || d.id !== ev.pointerId) return;
    ui.drag = null;
    if (!d.active) return; // a plain click: the click handler does it
    ui.dragEnded = true; // the click that follows this pointerup (same task) is not a click
    setTimeout(() => { ui.dragEnded = false; }, 0);
    const under = document.elementFromPoint(ev.clientX, ev.clientY);
    const target = !cancelled && under && under.closest && under.closest('#board [data-square]');
    await d.ready;
    renderBoard();
    const sq = target && target.dataset.square;
    if (sq && sq !== d.sq && ui.entry.path.length === 1 && ui.entry.path[0] === d.sq) onSquare(sq);
  };
  svg.addEventListener('pointerup', (ev) => drop(ev, false));
  svg.addEventListener('pointercancel', (ev) => drop(ev, true));
}

/** Draws the dragged piece under the pointer. */
function drawDragged(ev) {
  const svg = $('board');
  const old = svg.querySelector('.piece.dragging');
  if (old) old.remove();
  const piece = svg.querySelector(`.piece[data-square="${ui.drag.sq}"]`);
  const ctm = svg.getScreenCTM();
  if (!piece || !ctm) return;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
  drawPiece(svg, piece.dataset.piece, null, p.x - S / 2, p.y - S / 2, 'dragging');
}

function endTurn() {
  const e = ui.entry;
  if (e.complete) sendMove(e.complete);
}

// ---------------------------------------------------------------------------
// Panel: status, result, players, clocks, moves, position, analysis
// ---------------------------------------------------------------------------

function renderAll() {
  const t = ui.table;
  if (!t) return;
  renderBoard();
  renderStatus();
  renderResult();
  renderPlayers();
  renderClocks();
  renderMoves();
  renderPosition();
  renderAnalysis();
  renderReview();
  renderRecordInfo();
  document.title = `${gameTitle(t)} ${t.width}x${t.height} · tabula`;
  $('diamond').hidden = t.game !== 'claustro';
}

/** Whether people play both sides of a loaded record: the record then names the players. */
const recordNamesPlayers = (t) => !!t.record && ['white', 'black'].every((s) => playerOf(t, s).kind === 'human');

function playerName(t, side) {
  const p = playerOf(t, side);
  if (recordNamesPlayers(t)) return t.record[side];
  if (p.kind === 'human') return 'human';
  const e = (t.engines || []).find((x) => x.index === p.engine);
  return `${e ? e.name : 'engine ' + p.engine}${levelSuffix(p)}`;
}

/** The engine that is to move and has failed, if any. */
function failedEngine(t) {
  const p = playerOf(t, t.side);
  if (p.kind !== 'engine' || t.ply < t.moves.length) return null;
  const e = (t.engines || []).find((x) => x.index === p.engine);
  return e && e.status.startsWith('failed') ? e : null;
}

function renderStatus() {
  const t = ui.table;
  const el = $('status');
  const e = ui.entry;
  let text;
  if (t.result) {
    text = ''; // the banner under the board says how the game ended
  } else if (t.thinking) {
    text = `${cap(t.thinking)} to move: ${playerName(t, t.thinking)} is thinking…`;
  } else if (failedEngine(t)) {
    text = `${cap(t.side)}'s engine ${failedEngine(t).status}: choose another player to go on.`;
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
  }
  el.textContent = text;
  el.hidden = !!t.result;
  el.dataset.side = t.side;
  $('end-turn').hidden = !(e.complete && e.next.length);
  $('pass').hidden = !(t.pass && canEnter(t));
}

/** The recorded result of a loaded record whose game the rules do not end (an adjudication, a
 * move limit), shown at its last move. */
function recordedResult(t) {
  const r = t.record;
  if (t.result || !r || !r.result || t.ply !== t.moves.length) return null;
  const winner = { '1-0': 'white', '0-1': 'black' }[r.result] || null;
  const headline = winner ? `${winner} wins` : 'draw';
  return { winner, text: `${headline} (${r.termination || 'as recorded'})` };
}

function renderResult() {
  const t = ui.table;
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
function renderPlayers() {
  const t = ui.table;
  // The form is set only when the table's settings change, so that state events for other
  // reasons never undo what the user has picked but not applied yet.
  const settings = JSON.stringify([t.players, t.limit]);
  if (settings !== ui.playersShown) {
    ui.playersShown = settings;
    ui.playersDirty = false;
    for (const side of ['white', 'black']) {
      const p = playerOf(t, side);
      $(side).value = p.kind === 'human' ? 'human' : `engine:${p.engine}`;
      fillLevels(side, t.game);
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
    for (const side of ['white', 'black']) fillLevels(side, t.game);
    ui.levelsFor = t.game;
  }
  $('apply-players').classList.toggle('pending', ui.playersDirty);
  $('swap-sides').disabled = JSON.stringify(t.players.white) === JSON.stringify(t.players.black);
  const st = (t.engines || []).map((e) => `${e.name}: ${e.status}`).join(' · ');
  const el = $('engines-status');
  el.textContent = st;
  el.classList.toggle('error', (t.engines || []).some((e) => e.status.startsWith('failed')));
}

function updateLimitHint() {
  const kind = $('limit-kind').value;
  $('limit-value').placeholder = { clock: '5+3', movetime: '1', depth: '8' }[kind];
  $('limit-value').title = { clock: 'minutes + increment in seconds, e.g. 5+3',
    movetime: 'seconds per move, e.g. 1 or 0.5', depth: 'search depth in plies, e.g. 8' }[kind];
}

function formatClock(ms) {
  ms = Math.max(0, ms);
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
  const ss = String(s).padStart(2, '0');
  if (h) return `${h}:${String(m).padStart(2, '0')}:${ss}`;
  if (ms < 10000) return `${m}:${ss}.${Math.floor((ms % 1000) / 100)}`;
  return `${m}:${ss}`;
}

/** Player rows above and below the move list; time counted down locally for the running clock. */
function renderClocks() {
  const t = ui.table;
  if (!t) return;
  const top = ui.flipped ? 'white' : 'black';
  for (const [id, side] of [['clock-top', top], ['clock-bottom', other(top)]]) {
    const el = $(id);
    el.querySelector('.clock-name').textContent =
      `${cap(side)} · ${playerName(t, side)}${t.thinking === side ? ' · thinking…' : ''}`;
    let time = '';
    const c = t.clocks;
    if (c) {
      let ms = side === 'white' ? c.white_ms : c.black_ms;
      if (c.running === side) ms -= performance.now() - ui.clockAt;
      time = formatClock(ms);
      el.classList.toggle('low', ms < 10000);
    }
    el.querySelector('.clock-time').textContent = time;
    el.classList.toggle('active', !t.result && t.side === side);
    el.classList.toggle('running', !!(c && c.running === side));
  }
}
setInterval(() => {
  const t = ui.table;
  if (t && t.clocks && t.clocks.running) renderClocks();
}, 100);

/** The move list: numbered rows of the main line, each move a span with data-ply (the ply after
 * it); the side lines on rows of their own under the move they replace, each of their moves a
 * span with data-index (from 0) in a row with data-line (its index in `ui.sideLines`). */
function renderMoves() {
  const t = ui.table;
  const main = mainLine(t);
  const box = $('moves');
  const fields = t.start.trim().split(/\s+/);
  const blackFirst = fields[1] === 'b';
  let number = parseInt(fields[3], 10) || 1;
  const frag = document.createDocumentFragment();
  const addNum = (n) => frag.appendChild(h('span', 'num', `${n}.`));
  let current = null;
  // Whether the position shown is on the main line, and its moves (to find it in a side line).
  const onMain = commonLength(main, t.moves) >= t.ply;
  const shown = t.moves.slice(0, t.ply);
  const lines = branchesOf(main, 0);
  /** A side line's row, then the rows of the side lines that branch from it. */
  const addLine = (l, index, depth) => {
    const row = h('div', ui.viewing === l ? 'side-line viewing' : 'side-line');
    row.dataset.line = String(index);
    row.style.setProperty('--depth', String(depth));
    const text = h('span', 'side-moves', '(');
    numbered(t.start, l.at, l.moves).forEach(({ label, move }, k) => {
      if (k) text.append(' ');
      if (label) text.append(`${label} `);
      const s = h('span', 'side-move', move);
      s.dataset.index = String(k);
      s.title = `go to the position after ${move} in this side line`;
      const ply = l.at + k + 1;
      if (ply === t.ply && sameMoves(shown, pathOf(l).slice(0, ply))) { s.classList.add('current'); current = s; }
      text.append(s);
    });
    text.append(')');
    row.append(text);
    const promote = h('button', 'promote', '↑');
    promote.type = 'button';
    promote.title = 'Make this side line the main line (the main line\'s own moves become a side line)';
    const remove = h('button', 'delete', '×');
    remove.type = 'button';
    remove.title = 'Delete this side line (and those that branch from it)';
    row.append(promote, remove);
    frag.appendChild(row);
    for (const b of branchesOf(pathOf(l), l.at + 1)) addLine(b.l, b.index, depth + 1);
  };
  main.forEach((m, i) => {
    const whiteMove = (i % 2 === 0) !== blackFirst;
    if (i === 0 && blackFirst) {
      addNum(number);
      frag.appendChild(h('span', 'gap', '…')); // not a .move: black moved first
    } else if (whiteMove) {
      addNum(number);
    }
    const s = h('span', 'move', m);
    s.dataset.ply = String(i + 1);
    s.title = `go to the position after ${m}`;
    const judged = ui.viewing ? null : judgedMove(t, i + 1);
    if (i < bookMoves(t)) {
      s.classList.add('book');
      s.dataset.book = 'true';
      s.title = `${m}: a book move (the record's opening), not judged`;
    } else if (judged && judged.mark) {
      s.classList.add(`mark-${judged.mark}`);
      s.dataset.mark = judged.mark;
      s.appendChild(h('span', 'mark', MARKS[judged.mark]));
      s.title = `${judged.mark} (loss ${judged.loss.toFixed(3)}): best was ${judged.best}`;
    }
    if (onMain && i + 1 === t.ply) { s.classList.add('current'); current = s; }
    if (!ui.viewing && i + 1 > t.ply) s.classList.add('after');
    frag.appendChild(s);
    // The side lines this move replaced, on rows of their own; a black move after them is
    // numbered again.
    const here = lines.filter(({ l }) => l.at === i);
    for (const { l, index } of here) addLine(l, index, 0);
    if (here.length && whiteMove && i + 1 < main.length) {
      addNum(number);
      frag.appendChild(h('span', 'gap', '…'));
    }
    if (!whiteMove) number++;
  });
  box.replaceChildren(frag);
  if (!main.length) {
    box.appendChild(h('span', 'muted small none', 'No moves yet.'));
  }
  // Keep the current move in view (scrolling the list only, not the page).
  if (current) {
    const top = current.offsetTop; // .moves is the offset parent
    if (top < box.scrollTop || top + current.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = top - box.clientHeight / 2;
    }
  } else if (t.ply === 0) {
    box.scrollTop = 0;
  }
  // The buttons and keys step along the line shown (a side line's, inside one).
  $('nav-first').disabled = $('nav-prev').disabled = t.ply === 0;
  $('nav-next').disabled = $('nav-last').disabled = t.ply >= t.moves.length;
  // In a game with an engine or clocks, take back works from the end; otherwise from the
  // position shown.
  $('undo').disabled = isPlaying(t) ? t.moves.length === 0 : t.ply === 0;
}

function renderPosition() {
  const t = ui.table;
  const input = $('position');
  if (!ui.positionDirty && document.activeElement !== input) input.value = t.position;
}

/** Score of a line as text, from white's view; proven results in words. */
function scoreText(line) {
  const winner = line.white_cp > 0 ? 'white' : 'black';
  if (line.proven || line.score.mate != null) {
    let s = `${winner} wins (proven)`;
    if (line.score.mate != null) s += ` · mate in ${Math.abs(line.score.mate)}`;
    return s;
  }
  const v = line.white_cp / 100;
  return (v > 0 ? '+' : '') + v.toFixed(2);
}

function formatCount(n) {
  if (n >= 1e9) return (n / 1e9).toFixed(1) + 'G';
  if (n >= 1e6) return (n / 1e6).toFixed(1) + 'M';
  if (n >= 1e3) return (n / 1e3).toFixed(1) + 'k';
  return String(n);
}

/** `n` and its noun, singular for one (`1 move`, `2 moves`). */
function counted(n, noun) {
  return `${n} ${n === 1 ? noun : noun + 's'}`;
}

function renderAnalysis() {
  const t = ui.table;
  const on = t.analysis.on;
  const btn = $('analyse');
  btn.setAttribute('aria-pressed', String(on));
  btn.textContent = on ? 'Stop analysis' : 'Analyse';
  if (document.activeElement !== $('multipv')) $('multipv').value = String(t.analysis.multipv);
  $('analysis-engine').value = String(t.analysis.engine);
  const out = $('engine-output');
  const a = ui.analysis;
  const bar = $('eval-bar');
  bar.classList.toggle('flipped', ui.flipped);
  bar.classList.toggle('off', !on);
  if (!on || !a) {
    out.replaceChildren();
    if (on) {
      out.appendChild(h('p', 'muted small', t.result ? 'The game is over: nothing to analyse.' : 'Analysing…'));
    }
    setEvalBar(null);
    return;
  }
  const stats = [`depth ${a.depth}`, `${formatCount(a.nodes)} nodes`, `${formatCount(a.nps)} nps`,
    `${(a.time_ms / 1000).toFixed(1)} s`];
  const head = h('p', 'small muted stats', stats.join(' · '));
  const list = h('ol', 'lines');
  for (const line of [...a.lines].sort((p, q) => p.multipv - q.multipv)) {
    const li = h('li');
    li.append(h('span', line.proven ? 'score proven' : 'score', scoreText(line)), h('span', 'pv', line.pv.join(' ')));
    list.appendChild(li);
  }
  out.replaceChildren(head, list);
  const best = a.lines.find((l) => l.multipv === 1) || a.lines[0];
  setEvalBar(best);
}

/** The evaluation bar: white's share from white_cp (clamped), full for mates and proven results. */
function setEvalBar(line) {
  const bar = $('eval-bar');
  let share = 0.5, text = '';
  if (line) {
    const cp = line.white_cp;
    if (line.proven || line.score.mate != null || Math.abs(cp) >= 19700) {
      share = cp > 0 ? 1 : 0;
      text = line.score.mate != null ? `#${Math.abs(line.score.mate)}` : (cp > 0 ? '1-0' : '0-1');
    } else {
      const c = Math.max(-1500, Math.min(1500, cp));
      share = 1 / (1 + Math.exp(-0.004 * c));
      text = (cp > 0 ? '+' : '') + (cp / 100).toFixed(1);
    }
  }
  bar.style.setProperty('--white-share', `${(share * 100).toFixed(1)}%`);
  bar.querySelector('.eval-text').textContent = text;
  bar.title = line ? `Evaluation (white's view): ${scoreText(line)}` : 'Evaluation (white\'s view)';
}

// ---------------------------------------------------------------------------
// Controls
// ---------------------------------------------------------------------------

/** Posts to our table; shows the new table, or the error in `errEl`. */
async function tablePost(path, body, errEl) {
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
 * position, a record): kept apart from the one before. */
async function newGamePost(path, body, errEl) {
  const before = [ui.gameId, ui.sideLines, ui.viewing, ui.main];
  ui.gameId = newGameId();
  ui.sideLines = [];
  ui.viewing = null;
  ui.main = null;
  const t = await tablePost(path, body, errEl);
  if (!t) [ui.gameId, ui.sideLines, ui.viewing, ui.main] = before;
  else if (path === 'new') ui.standardStarts[`${t.game} ${t.width}x${t.height}`] = t.start;
  return t;
}

/** Shows the position after `ply` moves. Key repeats count from the ply asked last. */
async function gotoPly(ply) {
  const t = ui.table;
  if (!t) return;
  ply = Math.max(0, Math.min(t.moves.length, ply));
  if (ply === (ui.navPly ?? t.ply)) return;
  ui.navPly = ply;
  await tablePost('goto', { ply }, $('move-error'));
  if (ui.navPly === ply) ui.navPly = null;
}
const navFrom = () => ui.navPly ?? ui.table.ply;

/** One click swaps who plays white and who plays black, the limit kept. */
async function swapSides() {
  const t = ui.table;
  if (!t) return;
  ui.playersDirty = false;
  await tablePost('players', { white: t.players.black, black: t.players.white, limit: t.limit }, $('move-error'));
}

/** Reads the players form into the body of POST players; throws a readable error. */
function readPlayers() {
  const player = (side) => {
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
 * that says what is wrong with it. */
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
  return { kind, depth: d };
}

function wireControls() {
  // Board clicks (mouse and touch both give a click).
  $('board').addEventListener('click', (ev) => {
    if (ui.dragEnded) return; // the click that ends a drag
    const sq = ev.target.closest && ev.target.closest('[data-square]');
    if (sq) onSquare(sq.dataset.square);
  });
  wireDrag();
  $('end-turn').addEventListener('click', endTurn);
  $('pass').addEventListener('click', () => sendMove('0000'));
  $('undo').addEventListener('click', takeBack);
  // A move typed as the squares it visits (the keyboard's way to move); the server judges it.
  $('move-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const move = $('move-text').value.trim();
    if (!move) return;
    if (await playMove(move)) $('move-text').value = '';
  });
  $('flip').addEventListener('click', flip);
  $('swap-sides').addEventListener('click', swapSides);
  $('diamond').addEventListener('click', () => {
    ui.diamond = !ui.diamond;
    $('diamond').setAttribute('aria-pressed', String(ui.diamond));
    saveOptions();
    renderBoard();
  });

  // New game.
  $('game').addEventListener('change', () => {
    const g = ui.info && ui.info.games.find((x) => x.name === $('game').value);
    if (g) { $('size').value = g.default_size; $('size').title = g.sizes; }
  });
  $('new-game-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = { game: $('game').value };
    const size = $('size').value.trim();
    if (size) body.size = size;
    ui.positionDirty = false;
    showError($('position-error'), '');
    await newGamePost('new', body, $('new-game-error'));
  });

  // Players and limit.
  const edited = () => {
    ui.playersDirty = true;
    $('apply-players').classList.add('pending');
  };
  for (const id of ['white', 'black', 'level-white', 'level-black', 'limit-kind', 'limit-value']) {
    $(id).addEventListener('input', edited);
    $(id).addEventListener('change', edited);
  }
  for (const side of ['white', 'black']) {
    $(`level-${side}`).addEventListener('change', () => showLevelTitle($(`level-${side}`)));
    // Another engine may take an Elo or not: the side's list follows it.
    $(side).addEventListener('change', () => { if (ui.table) fillLevels(side, ui.table.game); });
  }
  $('limit-kind').addEventListener('change', () => {
    $('limit-value').value = { clock: '5+3', movetime: '1', depth: '8' }[$('limit-kind').value];
    updateLimitHint();
  });
  $('players-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    let body;
    try { body = readPlayers(); } catch (e) { showError($('players-error'), e.message); return; }
    ui.playersDirty = false;
    // A game to play (an engine or a clock) goes on from the main line.
    if (body.limit.kind === 'clock' || [body.white, body.black].some((p) => p.kind !== 'human')) await toMainLine();
    if (!(await tablePost('players', body, $('players-error')))) ui.playersDirty = true;
  });

  // Analysis.
  const postAnalysis = (on) => tablePost('analysis', { on, engine: parseInt($('analysis-engine').value || '0', 10),
    multipv: parseInt($('multipv').value, 10) }, $('analysis-error'));
  $('analyse').addEventListener('click', () => postAnalysis(!ui.table.analysis.on));
  $('multipv').addEventListener('change', () => { if (ui.table.analysis.on) postAnalysis(true); });
  $('analysis-engine').addEventListener('change', () => { if (ui.table.analysis.on) postAnalysis(true); });

  // Moves and navigation.
  $('moves').addEventListener('click', (ev) => {
    const line = ev.target.closest('.side-line[data-line]');
    // Side lines are a study board's: while a game is played, they are only shown.
    if (line && isPlaying(ui.table)) return;
    if (line && ev.target.closest('button.promote')) return promoteSideLine(parseInt(line.dataset.line, 10));
    if (line && ev.target.closest('button.delete')) return deleteSideLine(parseInt(line.dataset.line, 10));
    const side = ev.target.closest('.side-move[data-index]');
    if (side && line) {
      const l = ui.sideLines[parseInt(line.dataset.line, 10)];
      if (l) showLine(l, l.at + parseInt(side.dataset.index, 10) + 1);
      return;
    }
    const m = ev.target.closest('.move[data-ply]');
    if (!m) return;
    if (ui.viewing) showLine(null, parseInt(m.dataset.ply, 10)); // back on the main line
    else gotoPly(parseInt(m.dataset.ply, 10));
  });
  $('nav-first').addEventListener('click', () => gotoPly(0));
  $('nav-prev').addEventListener('click', () => gotoPly(navFrom() - 1));
  $('nav-next').addEventListener('click', () => gotoPly(navFrom() + 1));
  $('nav-last').addEventListener('click', () => gotoPly(ui.table.moves.length));

  // Position string: copy, paste and set.
  $('position').addEventListener('input', () => { ui.positionDirty = $('position').value !== ''; });
  $('position').addEventListener('blur', () => { if (!ui.positionDirty) renderPosition(); });
  $('position').addEventListener('keydown', (ev) => {
    if (ev.key !== 'Escape') return; // Escape: back to the position shown
    ui.positionDirty = false;
    $('position').value = ui.table.position;
    showError($('position-error'), '');
  });
  $('copy-position').addEventListener('click', copyPosition);
  $('share').addEventListener('click', share);
  $('animate').addEventListener('click', () => {
    ui.options.animate = ui.options.animate === false;
    saveOptions();
    renderFeel();
  });
  $('sound').addEventListener('click', () => {
    ui.options.sound = !ui.options.sound;
    saveOptions();
    renderFeel();
    wakeAudio();
  });
  document.addEventListener('pointerdown', wakeAudio);
  document.addEventListener('keydown', wakeAudio);
  $('my-games').addEventListener('click', onMyGame);
  $('forget-games').addEventListener('click', () => {
    if (!keep) return;
    keep.deleteAll();
    ui.keptKey = null;
    renderMyGames();
  });
  // The clocks as they are when the page is left (a reload, a closed tab).
  window.addEventListener('pagehide', keepNow);
  document.addEventListener('visibilitychange', () => { if (document.hidden) keepNow(); });
  $('position-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (await newGamePost('position', { position: $('position').value.trim() }, $('position-error'))) {
      ui.positionDirty = false;
      renderPosition();
    }
  });

  // Record: load a file; a file of several games (a match's games.txt) offers each of them.
  $('load-record').addEventListener('change', async () => {
    const input = $('load-record');
    const file = input.files && input.files[0];
    if (!file) return;
    const text = await file.text();
    input.value = '';
    chooseRecordGame(null);
    showError($('record-error'), '');
    let listed;
    try {
      listed = await api('POST', '/api/records', { text });
    } catch (e) {
      showError($('record-error'), e.message);
      return;
    }
    if (listed.games.length > 1) {
      chooseRecordGame({ text, games: listed.games });
      return;
    }
    ui.positionDirty = false;
    if (await newGamePost('record', { text }, $('record-error'))) await loadSideLines(text, null);
  });
  $('load-game').addEventListener('click', async () => {
    const choice = ui.recordChoice;
    if (!choice) return;
    const game = parseInt($('record-game').value, 10);
    ui.positionDirty = false;
    if (await newGamePost('record', { text: choice.text, game }, $('record-error'))) {
      chooseRecordGame(null);
      await loadSideLines(choice.text, game);
    }
  });
  $('cancel-game').addEventListener('click', () => chooseRecordGame(null));
  $('download').addEventListener('click', (ev) => {
    ev.preventDefault();
    downloadRecord();
  });

  document.addEventListener('keydown', onKey);
}

/** Shows the games of a record file to choose from (`choice`: its text and games), or hides
 * the choice (`null`). */
function chooseRecordGame(choice) {
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

async function copyPosition() {
  const text = ui.table ? ui.table.position : '';
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) { // no clipboard API: select the field and copy from it
    const input = $('position');
    input.value = text;
    input.select();
    document.execCommand('copy');
  }
  const btn = $('copy-position');
  btn.textContent = 'Copied';
  setTimeout(() => { btn.textContent = 'Copy'; }, 1200);
}

function flip() {
  ui.flipped = !ui.flipped;
  saveOptions();
  renderBoard();
  renderClocks();
  renderAnalysis();
}

/** Keys: arrows, Home, End navigate; f flips; Escape cancels; Enter ends a turn. */
function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const tag = ev.target.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
  const t = ui.table;
  if (!t) return;
  switch (ev.key) {
    case 'ArrowLeft': gotoPly(navFrom() - 1); break;
    case 'ArrowRight': gotoPly(navFrom() + 1); break;
    case 'Home': gotoPly(0); break;
    case 'End': gotoPly(t.moves.length); break;
    case 'f': case 'F': flip(); break;
    case 'm': case 'M': $('move-text').focus(); break;
    case 'Escape': cancelEntry(); break;
    case 'Enter':
      if (ev.target.tagName === 'BUTTON' || ev.target.tagName === 'A') return; // let it click
      if (!ui.entry.complete) return;
      endTurn();
      break;
    default: return;
  }
  ev.preventDefault();
}


// ---------------------------------------------------------------------------
// Review: the evaluation graph, the marks of the moves, each side's summary
// ---------------------------------------------------------------------------

const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** How many of the first moves are book moves: the loaded record's opening, never judged. */
const bookMoves = (t) => (t.record ? t.record.book : 0);

/** The review's judgement of the move that leads to position `ply` (from 1), if it has one. */
function judgedMove(t, ply) {
  const r = t.review;
  const moves = r && r.report && r.report.moves;
  const m = moves && moves[ply - 1];
  return m && m.ply === ply && m.move === t.moves[ply - 1] ? m : null;
}

async function postReview(on) {
  if (on) await toMainLine(); // the main line is reviewed
  const depth = parseInt($('review-depth').value, 10);
  await tablePost('review', on ? { on, depth } : { on }, $('review-error'));
}

function renderReview() {
  const t = ui.table;
  const r = t.review;
  const running = !!r && r.status === 'running';
  const btn = $('review');
  btn.textContent = running ? 'Stop review' : 'Review game';
  btn.setAttribute('aria-pressed', String(running));
  btn.disabled = !running && t.moves.length === 0;
  for (const id of ['review-progress', 'review-graph', 'review-note', 'review-summary', 'review-help']) {
    $(id).toggleAttribute('hidden', !r); // the graph is an SVG element, which has no .hidden
  }
  if (!r) return;
  const progress = $('review-progress');
  if (running) {
    progress.textContent = `Reviewing at depth ${r.depth}: ${r.searched} of ${r.positions} positions searched…`;
  } else if (r.status === 'done') {
    progress.textContent = `Reviewed at depth ${r.depth}: ${counted(r.positions - 1, 'move')}.`;
  } else if (r.status === 'stopped') {
    progress.textContent = `Stopped at depth ${r.depth} after ${r.searched} of ${r.positions} positions.`;
  } else {
    progress.textContent = `The review ${r.status}`;
  }
  progress.dataset.status = r.status;
  const book = (r.report && r.report.moves || []).filter((m) => m.book).length;
  if (book) progress.textContent += ` The first ${book === 1 ? 'move is a book move' : `${book} are book moves`} (the record's opening), not judged.`;
  renderReviewGraph(t, r);
  renderReviewNote(t);
  renderReviewSummary(t, r);
}

/** The graph: white's expected score after each move (up is good for white), the moves marked,
 * the position shown as a line. One point per position searched. */
function renderReviewGraph(t, r) {
  const svg = $('review-graph');
  const width = Math.max(100, Math.round(svg.clientWidth || 400));
  const height = 100;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const last = Math.max(1, r.positions - 1);
  const x = (i) => (i / last) * width;
  const y = (v) => (1 - v) * height;
  svg.replaceChildren();
  const points = r.curve.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  if (points.length) {
    const end = x(points.length - 1).toFixed(1);
    svgEl('path', { class: 'white-area', d: `M0,${height} L${points.join(' L')} L${end},${height} Z` }, svg);
  }
  svgEl('line', { class: 'midline', x1: 0, y1: height / 2, x2: width, y2: height / 2 }, svg);
  svgEl('polyline', { class: 'curve', points: points.join(' '), 'data-points': String(points.length) }, svg);
  const moves = (r.report && r.report.moves) || [];
  for (const m of moves) {
    if (!m.mark || m.ply >= r.curve.length + 1) continue;
    const dot = svgEl('circle', { class: `dot mark-${m.mark}`, cx: x(m.ply), cy: y(r.curve[m.ply] ?? 0.5), r: 4,
      'data-ply': String(m.ply) }, svg);
    svgEl('title', {}, dot).textContent = `${m.number}. ${m.move}: ${m.mark}, best was ${m.best}`;
  }
  if (t.ply <= last) {
    svgEl('line', { class: 'cursor', x1: x(t.ply), y1: 0, x2: x(t.ply), y2: height, 'data-ply': String(t.ply) }, svg);
  }
}

/** What the review says of the move that led to the position shown. */
function renderReviewNote(t) {
  const el = $('review-note');
  const m = judgedMove(t, t.ply);
  el.replaceChildren();
  if (!m) {
    el.textContent = t.ply === 0 ? 'The start: click a move or the graph.' : 'This move is not reviewed.';
    return;
  }
  el.append(`${m.number}. ${m.side} ${m.move}: `);
  if (m.book) {
    el.append(`a book move (the record's opening), not judged; the engine's choice was ${m.best}.`);
  } else if (m.mark) {
    const name = h('span', `mark-name mark-${m.mark}`, `${m.mark} (${MARKS[m.mark]})`);
    el.append(name, `, loss ${m.loss.toFixed(3)}; best was ${m.best}.`);
  } else if (m.move === m.best) {
    el.append('the engine\'s choice.');
  } else {
    el.append(`good enough (loss ${m.loss.toFixed(3)}; the engine preferred ${m.best}).`);
  }
  el.append(` Expected score ${m.expected_before.toFixed(2)} → ${m.expected_after.toFixed(2)}.`);
}

/** What a loaded record says of its game: its players, its result, its book moves. */
function renderRecordInfo() {
  const t = ui.table;
  const el = $('record-info');
  const r = t.record;
  el.hidden = !r;
  if (!r) return;
  const parts = [`White ${r.white}, Black ${r.black}`];
  if (r.result) parts.push(`result ${r.result}${r.termination ? ` (${r.termination})` : ''}`);
  if (r.book) parts.push(`the first ${r.book === 1 ? 'move is a book move' : `${r.book} moves are book moves`} (its opening, in italics), not judged`);
  el.textContent = `Record: ${parts.join(' · ')}.`;
}

function renderReviewSummary(t, r) {
  const body = $('review-summary').querySelector('tbody');
  body.replaceChildren();
  const summary = r.report && r.report.summary;
  if (!summary) return;
  for (const side of ['white', 'black']) {
    const s = summary[side];
    const row = h('tr');
    row.dataset.side = side;
    for (const text of [`${cap(side)} (${playerName(t, side)})`, s.inaccuracies, s.mistakes, s.blunders,
      s.average_loss.toFixed(3), s.accuracy == null ? '–' : s.accuracy.toFixed(1)]) {
      row.appendChild(h('td', '', String(text)));
    }
    body.appendChild(row);
  }
}

function wireReview() {
  $('review').addEventListener('click', () => postReview(!(ui.table.review && ui.table.review.status === 'running')));
  $('review-graph').addEventListener('click', (ev) => {
    const r = ui.table && ui.table.review;
    if (!r) return;
    const box = $('review-graph').getBoundingClientRect();
    const last = Math.max(1, r.positions - 1);
    const index = Math.round(((ev.clientX - box.left) / Math.max(1, box.width)) * last);
    gotoPly(Math.max(0, Math.min(ui.table.moves.length, last, index)));
  });
  window.addEventListener('resize', () => { if (ui.table && ui.table.review) renderReview(); });
}
wireControls();
wireReview();
start();
