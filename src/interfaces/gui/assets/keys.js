// tabula gui: the page's keys: ← → Home End move through the game, f flips, m types a move,
// Escape cancels a move, Enter ends a turn (index.html says them under the panel).
// @ts-check
import { flip, gotoPly, navFrom } from './controller.js';
import { $ } from './dom.js';
import { cancelEntry, endTurn } from './move-entry.js';
import { ui } from './state.js';

/** Listens to the keys pressed on the page (outside its fields). */
export function wireKeys() {
  document.addEventListener('keydown', onKey);
}

/** Keys: arrows, Home, End navigate; f flips; m types a move; Escape cancels; Enter ends a turn.
 * @param {KeyboardEvent} ev */
function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const target = /** @type {HTMLElement} */ (ev.target);
  const tag = target.tagName;
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
      if (target.tagName === 'BUTTON' || target.tagName === 'A') return; // let it click
      if (!ui.entry.complete) return;
      endTurn();
      break;
    default: return;
  }
  ev.preventDefault();
}
