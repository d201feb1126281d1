// tabula gui: the page's controls wired to their actions: the buttons under the board, the new
// game, players, analysis, moves, position and record forms, "My games", the review card.
// @ts-check
import { copyPosition, downloadRecord, flip, gotoPly, navFrom, onMyGame, postReview, saveOptions, swapSides } from './controller.js';
import { renderBoard } from './board.js';
import { api } from './connection.js';
import { $, showError } from './dom.js';
import { renderFeel, wakeAudio } from './feel.js';
import * as keep from './keep.js';
import { keepNow, renderMyGames } from './keeping.js';
import { wireKeys } from './keys.js';
import { fillLevels, showLevelTitle } from './levels.js';
import { endTurn, sendMove, wireMoveEntry } from './move-entry.js';
import { wirePerfectPlay } from './perfect-play.js';
import { chooseRecordGame, LIMIT_EXAMPLES, readPlayers, renderPosition, showSizes, updateLimitHint } from './panel.js';
import { renderReview } from './review-graph.js';
import { share } from './share.js';
import { deleteLine, playMove, promoteLine, sayLeftOut, showNode, takeBack, toMainLine } from './side-lines.js';
import { isPlaying, shownTable, ui } from './state.js';
import { onSideLine } from './tree.js';
import { newGamePost, tablePost } from './table.js';

/** Listens to the page's controls, keys and buttons. */
export function wireControls() {
  // The board gives out the moves entered on it.
  wireMoveEntry(playMove);
  $('end-turn').addEventListener('click', endTurn);
  $('pass').addEventListener('click', () => sendMove('0000'));
  $('undo').addEventListener('click', takeBack);
  // A move typed as the squares it visits (the keyboard's way to move); the server judges it.
  $('move-form').addEventListener('submit', async (/** @type {SubmitEvent} */ ev) => {
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
    renderBoard(ui);
  });

  // New game.
  $('game').addEventListener('change', () => {
    const g = ui.info?.games.find((x) => x.name === $('game').value);
    if (g) {
      $('size').value = g.default_size;
      showSizes(g);
    }
  });
  $('new-game-form').addEventListener('submit', async (/** @type {SubmitEvent} */ ev) => {
    ev.preventDefault();
    /** @type {Record<string, string>} */
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
    $(side).addEventListener('change', () => { if (ui.table) fillLevels(side, ui.table.game, ui.info); });
  }
  $('limit-kind').addEventListener('change', () => {
    $('limit-value').value = LIMIT_EXAMPLES[$('limit-kind').value];
    updateLimitHint();
  });
  $('players-form').addEventListener('submit', async (/** @type {SubmitEvent} */ ev) => {
    ev.preventDefault();
    let body;
    try { body = readPlayers(); } catch (e) { showError($('players-error'), e.message); return; }
    ui.playersDirty = false;
    // A game to play (an engine or a clock) goes on from the main line.
    if (body.limit.kind === 'clock' || [body.white, body.black].some((p) => p.kind !== 'human')) await toMainLine();
    if (!(await tablePost('players', body, $('players-error')))) ui.playersDirty = true;
  });

  // Analysis.
  const postAnalysis = (/** @type {boolean} */ on) => tablePost('analysis', { on, engine: parseInt($('analysis-engine').value || '0', 10),
    multipv: parseInt($('multipv').value, 10) }, $('analysis-error'));
  $('analyse').addEventListener('click', () => postAnalysis(!shownTable().analysis.on));
  $('multipv').addEventListener('change', () => { if (shownTable().analysis.on) postAnalysis(true); });
  $('analysis-engine').addEventListener('change', () => { if (shownTable().analysis.on) postAnalysis(true); });
  wirePerfectPlay();

  // Moves and navigation.
  $('moves').addEventListener('click', (/** @type {MouseEvent & {target: {closest(selector: string): (HTMLElement & {dataset: Record<string, string>}) | null}}} */ ev) => {
    const line = ev.target.closest('.side-line[data-node]');
    // Side lines are a study board's: while a game is played, they are only shown.
    if (line && isPlaying(shownTable())) return;
    if (line && ev.target.closest('button.promote')) return promoteLine(parseInt(line.dataset.node, 10));
    if (line && ev.target.closest('button.delete')) return deleteLine(parseInt(line.dataset.node, 10));
    const side = ev.target.closest('.side-move[data-node]');
    if (side && line) return showNode(parseInt(side.dataset.node, 10));
    const m = ev.target.closest('.move[data-ply]');
    if (!m) return;
    if (onSideLine(shownTable())) showNode(parseInt(m.dataset.node, 10)); // back on the main line
    else gotoPly(parseInt(m.dataset.ply, 10));
  });
  $('nav-first').addEventListener('click', () => gotoPly(0));
  $('nav-prev').addEventListener('click', () => gotoPly(navFrom() - 1));
  $('nav-next').addEventListener('click', () => gotoPly(navFrom() + 1));
  $('nav-last').addEventListener('click', () => gotoPly(shownTable().moves.length));

  // Position string: copy, paste and set.
  $('position').addEventListener('input', () => { ui.positionDirty = $('position').value !== ''; });
  $('position').addEventListener('blur', () => { if (!ui.positionDirty) renderPosition(); });
  $('position').addEventListener('keydown', (/** @type {KeyboardEvent} */ ev) => {
    if (ev.key !== 'Escape') return; // Escape: back to the position shown
    ui.positionDirty = false;
    $('position').value = shownTable().position;
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
    keep.deleteAll();
    ui.keptKey = null;
    renderMyGames();
  });
  // The clocks as they are when the page is left (a reload, a closed tab).
  window.addEventListener('pagehide', () => keepNow());
  document.addEventListener('visibilitychange', () => { if (document.hidden) keepNow(); });
  $('position-form').addEventListener('submit', async (/** @type {SubmitEvent} */ ev) => {
    ev.preventDefault();
    if (await newGamePost('position', { position: $('position').value.trim() }, $('position-error'))) {
      ui.positionDirty = false;
      renderPosition();
    }
  });

  // Record: load a file; a file of several games (a match's games.txt) offers each of them.
  $('load-record').addEventListener('change', async () => {
    const input = $('load-record');
    const file = input.files?.[0];
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
    sayLeftOut(await newGamePost('record', { text }, $('record-error')));
  });
  $('load-game').addEventListener('click', async () => {
    const choice = ui.recordChoice;
    if (!choice) return;
    const game = parseInt($('record-game').value, 10);
    ui.positionDirty = false;
    const t = await newGamePost('record', { text: choice.text, game }, $('record-error'));
    if (t) chooseRecordGame(null);
    sayLeftOut(t);
  });
  $('cancel-game').addEventListener('click', () => chooseRecordGame(null));
  $('download').addEventListener('click', (/** @type {MouseEvent} */ ev) => {
    ev.preventDefault();
    downloadRecord();
  });

  wireKeys();
}

/** Listens to the review card: its button, and clicks on its graph. */
export function wireReview() {
  $('review').addEventListener('click', () => postReview(shownTable().review?.status !== 'running'));
  $('review-graph').addEventListener('click', (/** @type {MouseEvent} */ ev) => {
    const r = ui.table?.review;
    if (!r) return;
    const box = $('review-graph').getBoundingClientRect();
    const last = Math.max(1, r.positions - 1);
    const index = Math.round(((ev.clientX - box.left) / Math.max(1, box.width)) * last);
    gotoPly(Math.max(0, Math.min(shownTable().moves.length, last, index)));
  });
  window.addEventListener('resize', () => { if (ui.table?.review) renderReview(); });
}

