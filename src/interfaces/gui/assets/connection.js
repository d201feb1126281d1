// tabula gui: the page's tables, reached through the back end of backend.js (the server's, or
// tabula's in this tab), opened once at start-up.
// @ts-check
import { openBackend } from './backend.js';

/** @type {any} the back end opened by `connect` */
let backend = null;

/** Opens the back end of this home; resolves to it. */
export async function connect() {
  backend = await openBackend();
  return backend;
}

/** Sends a request; resolves to the JSON answer, rejects with the server's error sentence.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>} */
export const api = (method, path, body) => backend.request(method, path, body);

/** Listens to table `id`'s events: `onEvent(name, data)`.
 * @param {string} id
 * @param {(name: string, data: any) => void} onEvent */
export const listen = (id, onEvent) => backend.listen(id, onEvent);

/** The record of table `id`, as {name, text}.
 * @param {string} id
 * @returns {Promise<{name: string, text: string}>} */
export const download = (id) => backend.download(id);
