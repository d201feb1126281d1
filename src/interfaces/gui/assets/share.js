// tabula gui: shared links: the link that shows the position on the board
// (`#game/WxH/moves[/position]`), the Share button that copies it, and reading a link back
// into the game it shows.
// @ts-check
import { $ } from './dom.js';
import { newGameId, shownTable, ui } from './state.js';

/** @typedef {import('./state.js').Table} Table */

/** The link that shows the position on the board: `#game/WxH/moves` (the moves up to the one
 * shown, joined by dots), with `/position` (the start's position string, encoded) where the game
 * does not begin at its usual start.
 * @param {Table} t */
function shareLink(t) {
  const size = `${t.width}x${t.height}`;
  let fragment = `${t.game}/${size}/${t.moves.slice(0, t.ply).join('.')}`;
  if (ui.standardStarts[`${t.game} ${size}`] !== t.start) fragment += `/${encodeURIComponent(t.start)}`;
  return `${location.origin}${location.pathname}#${fragment}`;
}

/** The Share button: the link shown in its field and copied where the browser lets it. */
export async function share() {
  const link = shareLink(shownTable());
  const field = $('share-link');
  field.value = link;
  field.hidden = false;
  field.select();
  try {
    await navigator.clipboard.writeText(link);
    $('share').textContent = 'Link copied';
  } catch {
    $('share').textContent = 'Copy the link';
  }
  setTimeout(() => { $('share').textContent = 'Share'; }, 1500);
}

/** The game a shared link (`hash`: `#game/WxH/moves[/position]`) shows, as a snapshot for
 * setUp, people on both sides, its size as `WxH` (a link's `9` is 9x9); throws what is wrong
 * with a link that is not one.
 * @param {string} hash */
export function sharedGame(hash) {
  const parts = hash.slice(1).split('/');
  const [game, size, moves, start] = parts;
  if (parts.length < 3 || parts.length > 4 || !ui.info?.games.some((g) => g.name === game) ||
    !/^\d+(x\d+)?$/.test(size)) {
    throw new Error('it is not game/size/moves');
  }
  const [width, height = width] = size.split('x').map((n) => parseInt(n, 10));
  return { id: newGameId(), game, size: `${width}x${height}`, start: start ? decodeURIComponent(start) : null,
    moves: moves ? moves.split('.') : [], players: { white: { kind: 'human' }, black: { kind: 'human' } },
    limit: { kind: 'movetime', ms: 1000 } };
}
