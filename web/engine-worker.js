// The engine in a Web Worker: tabula's WebAssembly module, fed one protocol line per message
// ({line: "go depth 5"}), answering with one message per line it writes ({line: "bestmove e2"}).
// {ready: true} says the module is loaded; {crashed: why} says it trapped (a panic), after which
// this Worker is useless and the page starts another (see engine.js). A message with an `id`
// ({line, id}) is answered, once the engine is done with its line, by {done: id, refused}:
// `refused` says the engine wrote an error line for it (a position string it did not take).
//
// Where the page is cross-origin isolated (its memory may be shared between threads) and the
// machine has more than one core, the module is the threaded one (pkg-threads/): a pool of
// navigator.hardwareConcurrency - 1 Web Workers (engine-thread.js) on its shared memory is
// started beside this one, and the engine's searches run that many helper threads (`Threads`
// is all of them by default). Elsewhere it is the module of one thread (pkg/), as a page that
// cannot be isolated has it; `uci` says which (`option name Threads type spin default N`).
const THREADS = self.crossOriginIsolated ? Math.max(1, navigator.hardwareConcurrency || 1) : 1;
/** The pool's Web Workers, kept here while the engine lives.
 * @type {Worker[]} */
const pool = [];

/** Starts a Web Worker of the pool (engine-thread.js) on the threaded module `share` gives;
 * resolves once it waits for its thread.
 * @param {unknown[]} share the module and its shared memory */
function startThread([module, memory]) {
  return new Promise((resolve, reject) => {
    const thread = new Worker(new URL("./engine-thread.js", import.meta.url), { type: "module" });
    pool.push(thread);
    thread.onmessage = (event) => (event.data.ready ? resolve(thread) : reject(new Error(event.data.failed)));
    thread.onerror = (event) => reject(new Error(event.message));
    thread.postMessage({ module, memory });
  });
}

/** The module's Tabula, its pool started where it has one. A threaded module that does not load
 * (its shared memory refused, say) leaves the module of one thread to play. */
async function load() {
  if (THREADS > 1) {
    try {
      const threaded = await import("./pkg-threads/tabula_wasm.js");
      await threaded.default();
      const share = threaded.poolShare();
      await Promise.all(Array.from({ length: THREADS - 1 }, () => startThread(share)));
      threaded.startPool(THREADS - 1);
      return threaded.Tabula;
    } catch {
      pool.splice(0).forEach((thread) => { thread.terminate(); });
    }
  }
  const single = await import("./pkg/tabula_wasm.js");
  await single.default();
  return single.Tabula;
}

let engine = null;
let crashed = false;
let refused = false;
const waiting = [];

function say(line) {
  if (line.startsWith("info string error")) refused = true;
  postMessage({ line });
}

function handle(data) {
  if (crashed) return;
  if (data === null || typeof data !== "object" || typeof data.line !== "string") {
    say(`info string error: the engine's message is not {line: string}: ${String(JSON.stringify(data)).slice(0, 80)}`);
    return;
  }
  if (data.line.includes("\n")) {
    say("info string error: one message holds one line");
    return;
  }
  refused = false;
  try {
    engine.send(data.line);
  } catch (error) {
    crashed = true;
    postMessage({ crashed: String(error) });
    return;
  }
  if (data.id !== undefined) postMessage({ done: data.id, refused });
}

self.onmessage = (event) => (engine ? handle(event.data) : waiting.push(event.data));

load()
  .then((Tabula) => {
    engine = new Tabula(say);
    postMessage({ ready: true });
    waiting.splice(0).forEach(handle);
  })
  .catch((error) => {
    crashed = true;
    postMessage({ crashed: `the engine did not load: ${error}` });
  });
