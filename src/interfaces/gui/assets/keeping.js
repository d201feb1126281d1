// tabula gui: keeping the game shown (keep.js, this browser's storage): its snapshot, enough
// to set it up again on a new table; the game in progress, kept as it changes; and "My games",
// each kept game with its record.
// @ts-check
import { download } from './connection.js';
import { $, h } from './dom.js';
import * as keep from './keep.js';
import { gameTitle, playerName, ui } from './state.js';
import { mainLine, onSideLine } from './tree.js';

/** The game `t` as it is kept: enough to set it up again on a new table, clocks included
 * (the running one read now), with its record as its table last wrote it (every move's thinking
 * time and evaluation: the game is set up again by loading it, not by playing its moves again).
 * @param {import('./state.js').Table} t */
export function snapshot(t) {
  let clocks = null;
  const shown = t.clocks;
  if (shown) {
    const spent = performance.now() - ui.clockAt;
    const left = (/** @type {string} */ side) => Math.max(0, Math.round((side === 'white' ? shown.white_ms : shown.black_ms) -
      (shown.running === side ? spent : 0)));
    clocks = { white_ms: left('white'), black_ms: left('black') };
  }
  // The main line, and where a side line is shown, its moves and the position shown in it (the
  // side lines are in the record).
  const main = mainLine(t);
  const aside = onSideLine(t);
  let shared = 0;
  while (shared < t.ply && main[shared] === t.moves[shared]) shared++;
  return {
    id: ui.gameId, game: t.game, size: `${t.width}x${t.height}`, start: t.start, moves: main,
    ply: aside ? shared : t.ply, view: aside ? { path: t.moves, ply: t.ply } : null,
    players: t.players, limit: t.limit, analysis: t.analysis, clocks,
    result: t.result ? t.result.text : null, savedAt: Date.now(),
    record: ui.keptRecord && ui.keptRecord.id === ui.gameId ? ui.keptRecord.text : null,
  };
}

/** Keeps the game shown: as the game in progress, and in "My games" once it has a move (its
 * record fetched when its moves or result change: players chosen after the last move, for the
 * next game, are kept with the game in progress but leave "My games" alone). */
export function keepNow(force = false) {
  const t = ui.table;
  if (!t || ui.restoring) return;
  if (force === true) ui.keptKey = null;
  const s = snapshot(t);
  keep.saveCurrent(s);
  if (!s.moves.length) return;
  const tree = t.lines.tree.moves.map((m) => [m.parent, m.move]);
  const key = JSON.stringify([s.id, tree, s.result]);
  if (key === ui.keptKey) return;
  ui.keptKey = key;
  const id = s.id;
  const kept = keep.listGames().find((g) => g.id === id);
  keep.keepGame({ id, savedAt: s.savedAt, title: `${gameTitle(t)} ${s.size}`,
    white: playerName(t, 'white'), black: playerName(t, 'black'), plies: s.moves.length, result: s.result,
    snapshot: s, record: kept?.record });
  renderMyGames();
  // The record, side lines and all, as the table writes it: kept with the game to set it up
  // again, and saved in "My games".
  download(t.id).then((record) => {
    const written = record.text;
    if (id && ui.gameId === id) {
      ui.keptRecord = { id, text: written };
      if (ui.table && !ui.restoring) keep.saveCurrent(snapshot(ui.table));
    }
    keep.keepRecord(id, record, written);
    renderMyGames();
  }, () => {});
}

/** "My games": each kept game with its buttons. */
export function renderMyGames() {
  const list = $('my-games');
  list.replaceChildren();
  const games = keep.listGames();
  $('forget-games').disabled = games.length === 0;
  if (!games.length) list.appendChild(h('li', 'muted', 'No games yet: the games you play here are kept.'));
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

