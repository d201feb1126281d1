// tabula gui: the whole page drawn again from the state: the board and every view of the panel.
// @ts-check
import { renderAnalysis } from './analysis-view.js';
import { renderBoard } from './board.js';
import { renderClocks } from './clocks.js';
import { $ } from './dom.js';
import { renderPlayers, renderPosition, renderRecordInfo, renderResult, renderStatus } from './panel.js';
import { renderPerfectPlay } from './perfect-play.js';
import { renderReview } from './review-graph.js';
import { gameTitle, ui } from './state.js';
import { renderMoves } from './tree-view.js';

/** Draws the board and the panel for the table shown. */
export function renderAll() {
  const t = ui.table;
  if (!t) return;
  renderBoard(ui);
  renderStatus();
  renderResult();
  renderPlayers();
  renderClocks();
  renderMoves();
  renderPosition();
  renderAnalysis();
  renderPerfectPlay();
  renderReview();
  renderRecordInfo();
  document.title = `${gameTitle(t)} ${t.width}x${t.height} · tabula`;
  $('diamond').hidden = t.game !== 'claustro';
}
