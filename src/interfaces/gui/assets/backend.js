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
// `download(id)` (resolves to the record as {name, text}).
import { home } from './home.js';

/** The back end of this home. */
export async function openBackend() {
  if (home === 'static') {
    keepOffline();
    const { openLocalTable } = await import('./local-table.js');
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

/** Sends a request to the server; resolves to the answer (`read` reads it, JSON by default). */
async function send(method, path, body, read = (res) => res.json()) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new Error('the server does not answer');
  }
  if (!res.ok) {
    let data = null;
    try { data = await res.json(); } catch (e) { /* not JSON */ }
    const err = new Error((data && data.error) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    throw err;
  }
  try {
    return await read(res);
  } catch (e) {
    return null; // an answer without a body
  }
}

/** The file name of a download, from the server's Content-Disposition. */
function attachmentName(res) {
  const m = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') || '');
  return m ? m[1] : 'tabula.txt';
}

function serverBackend() {
  let socket = null;

  /** Listens to table `id`'s event socket; while it is closed, asks whether the table is still
   * there, and listens again (`online`) or says it is `gone`. */
  function listen(id, onEvent) {
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
    request: (method, path, body) => send(method, path, body),
    listen,
    download: (id) => send('GET', `/api/tables/${id}/record`, undefined,
      async (res) => ({ name: attachmentName(res), text: await res.text() })),
  };
}
