// tabula gui: the players' rows above and below the move list, each with its clock; the
// running clock is counted down here between the table's states.
// @ts-check
import { $, cap, other } from './dom.js';
import { playerName, ui } from './state.js';

/** A clock's time: `h:mm:ss`, `m:ss`, or `m:ss.t` under ten seconds.
 * @param {number} ms */
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
export function renderClocks() {
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

/** Counts the running clock down on the page, every tenth of a second. */
export function startClocks() {
  setInterval(() => {
    const t = ui.table;
    if (t?.clocks?.running) renderClocks();
  }, 100);
}
