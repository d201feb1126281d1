// tabula gui: the page's one way to its tables. Two homes share it (home.js says which):
// - 'server': `tabula gui` serves the page; requests are the HTTP API of docs/gui.md and a
//   table's events come over its WebSocket;
// - 'static': the site scripts/web.sh builds; the table is tabula as WebAssembly in this tab
//   (local-table.js), answering the same paths with the same JSON.
// A back end has `home`, `info()`, `request(method, path, body)` (resolves to the JSON answer,
// rejects with an Error of the server's sentence, `status` set where known), `listen(id,
// onEvent)` (onEvent(name, data) for `state`, `analysis` and `notice`, and on the server
// `online`, `offline` and `gone`: the event socket opened, closed, or its table no longer
// exists) and
// `download(id)` (resolves to the record as {name, text}). On the server, a tab's table is closed
// when the tab goes or opens another, and a new table met by the server's limit of tables is
// asked for again a few times over some 40 s (`whenWaiting(handler)`: handler(seconds) is told
// each wait).
// @ts-check
import { home } from './home.js';

/** An Error of the server's sentence, with the answer's HTTP status where there was one.
 * @typedef {Error & {status?: number}} Refusal */

/** The back end of this home. */
export async function openBackend() {
  if (home === 'static') {
    keepOffline();
    // local-table.js is the static site's (web/), beside this file there alone: its name is
    // not one the type check can follow.
    const localTable = './local-table.js';
    const { openLocalTable } = await import(localTable);
    return openLocalTable();
  }
  return serverBackend();
}

/** The static site works offline after one visit: its service worker (sw.js) caches this
 * build's files, and is looked for anew at each load past the HTTP cache. Where the browser has
 * none (a page not served over http(s) or localhost), the page goes on without it. */
function keepOffline() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('./sw.js', { updateViaCache: 'none' }).catch(() => {});
}

/** Sends a request to the server; resolves to the answer (`read` reads it, JSON by default).
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {(res: Response) => Promise<any>} [read] */
async function send(method, path, body, read = (res) => res.json()) {
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw new Error('the server does not answer');
  }
  if (!res.ok) {
    let data = null;
    try { data = await res.json(); } catch { /* not JSON */ }
    /** @type {Refusal} */
    const err = new Error(data?.error || `${res.status} ${res.statusText}`);
    err.status = res.status;
    throw err;
  }
  try {
    return await read(res);
  } catch {
    return null; // an answer without a body
  }
}

/** The file name of a download, from the server's Content-Disposition.
 * @param {Response} res */
function attachmentName(res) {
  const m = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') || '');
  return m ? m[1] : 'tabula.txt';
}

/** How long a page that meets the server's limit of tables waits before it asks again (ms):
 * tables of tabs gone are closed within `--close-after` (30 s by default). */
const TABLE_WAITS = [500, 1000, 2000, 4000, 8000, 8000, 8000, 8000];

const pause = (/** @type {number} */ ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** Opens a table; where the server has too many open (503), waits and asks again, telling
 * `onWait(seconds)` each time, before it gives up with the server's sentence.
 * @param {unknown} body
 * @param {(seconds: number) => void} onWait */
async function openTable(body, onWait) {
  for (const wait of TABLE_WAITS) {
    try {
      return await send('POST', '/api/tables', body);
    } catch (e) {
      if (e.status !== 503) throw e;
      onWait(Math.ceil(wait / 1000));
      await pause(wait);
    }
  }
  return send('POST', '/api/tables', body);
}

/** What a table's events are told to: an event's name and its data.
 * @typedef {(name: string, data: any) => void} OnEvent */

function serverBackend() {
  /** @type {WebSocket | null} */
  let socket = null;
  /** @type {string | null} */
  let table = null;
  /** @type {(seconds: number) => void} */
  let onWait = () => {};

  /** Closes the table `id` at the server, even as the page goes (`keepalive`). */
  const close = (/** @type {string} */ id) => fetch(`/api/tables/${id}`, { method: 'DELETE', keepalive: true }).catch(() => {});
  // A tab that goes takes its table with it (a page kept for going back is not gone).
  window.addEventListener('pagehide', (ev) => {
    if (!ev.persisted && table) close(table);
  });

  /** Listens to table `id`'s event socket; while it is closed, asks whether the table is still
   * there, and listens again (`online`) or says it is `gone`. The table listened to before, if
   * another, is closed: a tab has one table.
   * @param {string} id
   * @param {OnEvent} onEvent */
  function listen(id, onEvent) {
    if (table && table !== id) close(table);
    table = id;
    if (socket) socket.close();
    // A WebSocket rather than an EventSource: browsers open at most six HTTP/1.1 connections
    // to one server, so a seventh tab with an event stream would wait for ever.
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/api/tables/${id}/socket`);
    socket = ws;
    ws.addEventListener('message', (ev) => {
      const { event, data } = JSON.parse(ev.data);
      onEvent(event, data);
    });
    ws.addEventListener('open', () => onEvent('online', null));
    ws.addEventListener('close', () => {
      if (ws !== socket) return;
      onEvent('offline', null);
      check(id, onEvent);
    });
  }

  /** @param {string} id
   * @param {OnEvent} onEvent */
  async function check(id, onEvent) {
    try {
      await send('GET', `/api/tables/${id}`);
      setTimeout(() => listen(id, onEvent), 1000); // the table is still there: listen again
    } catch (e) {
      if (e.status === 404) onEvent('gone', null);
      else setTimeout(() => check(id, onEvent), 3000);
    }
  }

  return {
    home: 'server',
    info: () => send('GET', '/api/info'),
    request: (/** @type {string} */ method, /** @type {string} */ path, /** @type {unknown} */ body) => (method === 'POST' && path === '/api/tables' ? openTable(body, onWait)
      : send(method, path, body)),
    whenWaiting: (/** @type {(seconds: number) => void} */ handler) => { onWait = handler; },
    listen,
    download: (/** @type {string} */ id) => send('GET', `/api/tables/${id}/record`, undefined,
      async (res) => ({ name: attachmentName(res), text: await res.text() })),
  };
}
