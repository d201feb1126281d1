// tabula gui: the analysis card's view: the engine's lines with their scores, and the
// evaluation bar beside the board.
// @ts-check
import { $, formatCount, h } from './dom.js';
import { shownTable, ui } from './state.js';

/** @typedef {import('./state.js').AnalysisLine} AnalysisLine */

/** Score of a line as text, from white's view; proven results in words.
 * @param {AnalysisLine} line */
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

/** The analysis card: its button and settings, the lines of the analysis shown, the bar. */
export function renderAnalysis() {
  const t = shownTable();
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

/** The evaluation bar: white's share from white_cp (clamped), full for mates and proven results.
 * @param {AnalysisLine | null} line */
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
