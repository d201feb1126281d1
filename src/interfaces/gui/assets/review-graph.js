// tabula gui: the review card's view: the evaluation graph, the review's word on the move
// shown, and each side's summary.
// @ts-check
import { $, cap, counted, h, svgEl } from './dom.js';
import { judgedMove, playerName, shownTable } from './state.js';

/** @typedef {import('./state.js').Table} Table */
/** @typedef {import('./state.js').Review} Review */

/** The marks of judged moves, as records write them.
 * @type {Record<string, string>} */
export const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** The review card: its button, the review's progress, graph, note and summary. */
export function renderReview() {
  const t = shownTable();
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
  const book = (r.report?.moves || []).filter((m) => m.book).length;
  if (book) progress.textContent += ` The first ${book === 1 ? 'move is a book move' : `${book} are book moves`} (the record's opening), not judged.`;
  renderReviewGraph(t, r);
  renderReviewNote(t);
  renderReviewSummary(t, r);
}

/** The graph: white's expected score after each move (up is good for white), the moves marked,
 * the position shown as a line. One point per position searched.
 * @param {Table} t
 * @param {Review} r */
function renderReviewGraph(t, r) {
  const svg = $('review-graph');
  const width = Math.max(100, Math.round(svg.clientWidth || 400));
  const height = 100;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const last = Math.max(1, r.positions - 1);
  const x = (/** @type {number} */ i) => (i / last) * width;
  const y = (/** @type {number} */ v) => (1 - v) * height;
  svg.replaceChildren();
  const points = r.curve.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  if (points.length) {
    const end = x(points.length - 1).toFixed(1);
    svgEl('path', { class: 'white-area', d: `M0,${height} L${points.join(' L')} L${end},${height} Z` }, svg);
  }
  svgEl('line', { class: 'midline', x1: 0, y1: height / 2, x2: width, y2: height / 2 }, svg);
  svgEl('polyline', { class: 'curve', points: points.join(' '), 'data-points': String(points.length) }, svg);
  const moves = r.report?.moves || [];
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

/** What the review says of the move that led to the position shown.
 * @param {Table} t */
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

/** Each side's inaccuracies, mistakes, blunders, mean loss and accuracy.
 * @param {Table} t
 * @param {Review} r */
function renderReviewSummary(t, r) {
  const body = $('review-summary').querySelector('tbody');
  body.replaceChildren();
  const summary = r.report?.summary;
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
