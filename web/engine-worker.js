// The engine in a Web Worker: tabula's WebAssembly module, fed one protocol line per message
// ({line: "go depth 5"}), answering with one message per line it writes ({line: "bestmove e2"}).
// {ready: true} says the module is loaded; {crashed: why} says it trapped (a panic), after which
// this Worker is useless and the page starts another (see engine.js). A message with an `id`
// ({line, id}) is answered, once the engine is done with its line, by {done: id, refused}:
// `refused` says the engine wrote an error line for it (a position string it did not take).
import init, { Tabula } from "./pkg/tabula_wasm.js";

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

init()
  .then(() => {
    engine = new Tabula(say);
    postMessage({ ready: true });
    waiting.splice(0).forEach(handle);
  })
  .catch((error) => {
    crashed = true;
    postMessage({ crashed: `the engine did not load: ${error}` });
  });
