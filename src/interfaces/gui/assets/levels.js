// tabula gui: the level lists of the players form. For the table's game, /api/info's
// games[].levels lists the engine's named levels and points of its Elo knob, ordered by
// Elo (docs/gui.md, "Modes: who plays"); an engine without Elo points gets the levels alone.
// @ts-check
import { $, h } from './dom.js';

/** @typedef {import('./state.js').Player} Player */
/** @typedef {import('./state.js').Info} Info */

/** The value of a level select for the player `p`: a level's name, `elo:N`, or '' (the
 * engine's default).
 * @param {Player} p */
export function levelValue(p) {
  if (p.kind !== 'engine') return '';
  if (p.elo != null) return `elo:${p.elo}`;
  return p.level || '';
}

/** The fields of POST players for a level select's value.
 * @param {string} value */
export function levelFields(value) {
  const elo = /^elo:(\d+)$/.exec(value);
  return elo ? { level: /** @type {string | null} */ (null), elo: parseInt(elo[1], 10) } : { level: value || null };
}

/** Whether the player select of `side` names an engine of `info` that takes an Elo.
 * @param {string} side
 * @param {Info} info */
function sideTakesElo(side, info) {
  const v = $(side).value;
  if (!v.startsWith('engine:')) return false;
  const e = info.engines.find((x) => x.index === parseInt(v.split(':')[1], 10));
  return !!(e?.elo);
}

/** Fills the level select of `side` for `game` (of `info`) and the player chosen for that side,
 * keeping the value it had.
 * @param {string} side
 * @param {string} game
 * @param {Info | null} info */
export function fillLevels(side, game, info) {
  const g = info?.games.find((x) => x.name === game);
  if (!info || !g) return;
  const select = $(`level-${side}`);
  const kept = select.value;
  const withElo = sideTakesElo(side, info);
  const rated = h('optgroup');
  rated.label = `By Elo in ${g.title}`;
  const unrated = h('optgroup');
  unrated.label = 'Not yet rated';
  for (const c of g.levels) {
    if (c.kind === 'elo' && !withElo) continue;
    const value = c.kind === 'elo' ? `elo:${c.elo}` : c.level;
    const option = new Option(c.label, value);
    option.title = c.label;
    (c.elo != null ? rated : unrated).appendChild(option);
  }
  select.replaceChildren(new Option('engine default', ''));
  for (const group of [rated, unrated]) if (group.children.length) select.appendChild(group);
  setLevel(side, kept.startsWith('elo:') && !withElo ? '' : kept);
}

/** Shows `value` in the level select of `side`; a value the list lacks (an Elo that a
 * script chose, say) is added to it.
 * @param {string} side
 * @param {string} value */
export function setLevel(side, value) {
  const select = $(`level-${side}`);
  if (value && ![...select.options].some((o) => o.value === value)) {
    const elo = /^elo:(\d+)$/.exec(value);
    select.add(new Option(elo ? `${elo[1]} Elo` : value, value));
  }
  select.value = value;
  showLevelTitle(select);
}

/** A level select's title is its choice in full (a long description may be cut in the box).
 * @param {HTMLSelectElement} select */
export function showLevelTitle(select) {
  const chosen = select.selectedOptions[0];
  select.title = chosen ? (chosen.textContent ?? '') : '';
}

/** The level of the player `p` as the page names it: ` (easy)`, ` (1200 Elo)` or ''.
 * @param {Player} p */
export function levelSuffix(p) {
  if (p.elo != null) return ` (${p.elo} Elo)`;
  return p.level ? ` (${p.level})` : '';
}
