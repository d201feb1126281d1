// The board page's "Perfect play" card at the static home (local-table.js), in a Web Worker of
// its own so that the Joust solver never holds the page: told {serial, game, size, start,
// moves}, it answers `probe` for that position (`Rules.probe`, tabula as WebAssembly). A quick
// first look from the tables alone (`Rules.probeTables`) says which pieces of the Claustro table
// it lacks; those are fetched first (tables/<folder>/<row>.bin, written by scripts/web.sh; the
// service worker keeps those fetched, for offline use), so that the solver and the search run
// once, on what the table leaves unknown. It posts {serial, answer} (the probe's JSON text) or
// {serial, error}. A solve cannot be interrupted: the page ends the Worker to drop one whose
// answer it no longer wants.
import init, { Rules } from "./pkg/tabula_wasm.js";

/** How many times a probe is asked again after fetching the pieces it lacked: once is enough
 * for the moves (a probe asks for all their rows at once); the second round covers the
 * position's own value, asked after its moves'. */
const PIECE_ROUNDS = 2;

/** A piece of the Claustro table, or null where it cannot be had (no network, a site built
 * without it).
 * @param {string} folder
 * @param {number} row
 * @returns {Promise<Uint8Array | null>} */
async function fetchPiece(folder, row) {
  try {
    const response = await fetch(`tables/${folder}/${row}.bin`);
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

self.onmessage = async ({ data }) => {
  try {
    await init();
    const rules = new Rules(data.game, data.size, data.start, data.moves);
    rules.probeTables();
    for (let round = 0; round < PIECE_ROUNDS; round++) {
      const { folder, rows } = JSON.parse(Rules.wantedPieces());
      const pieces = await Promise.all(rows.map((/** @type {number} */ row) => fetchPiece(folder, row)));
      let added = 0;
      pieces.forEach((bytes, i) => {
        if (bytes) {
          Rules.addPiece(rows[i], bytes);
          added++;
        }
      });
      if (!added) break;
      rules.probeTables();
    }
    const answer = rules.probe();
    rules.free();
    postMessage({ serial: data.serial, answer });
  } catch (error) {
    postMessage({ serial: data.serial, error: error instanceof Error ? error.message : String(error) });
  }
};
