// The engine of the static site: tabula's WebAssembly module in a Web Worker
// (engine-worker.js), spoken to in protocol lines as an engine process is.
//
// The search runs on the Worker's one thread, so the Worker cannot read `stop` while it
// searches. `stop` is obeyed at once all the same: the Worker is ended, `bestmove` names the
// first move of the best line reported so far (as a stopped search answers), and a new Worker
// is started and given the options, game and position the old one had (not its hash table).
// A Worker whose module trapped (a panic) is replaced the same way, and `onNotice` says so.

const STATE = /^(setoption|newgame|ucinewgame|uginewgame|position|debug)\b/;

export class WorkerEngine {
  // onLine(line): every line the engine writes; onNotice(text): a Worker was restarted.
  constructor(onLine, onNotice = () => {}) {
    this.onLine = onLine;
    this.onNotice = onNotice;
    this.state = [];
    this.searching = false;
    this.best = null;
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => this.restart(`the engine failed: ${event.message}`);
    this.state.forEach((line) => this.worker.postMessage({ line }));
  }

  receive(data) {
    if (data.crashed !== undefined) {
      this.restart(`the engine stopped (${data.crashed}) and was restarted`);
      return;
    }
    if (data.line === undefined) return;
    const words = data.line.split(" ");
    if (words[0] === "bestmove") this.searching = false;
    const pv = words.indexOf("pv");
    const multipv = words.indexOf("multipv");
    if (pv > 0 && (multipv < 0 || words[multipv + 1] === "1")) this.best = words[pv + 1];
    this.onLine(data.line);
  }

  // Sends one protocol line.
  send(line) {
    const verb = line.trim().split(/\s+/)[0];
    if (verb === "stop") {
      if (this.searching) this.interrupt();
      return;
    }
    if (verb === "go" && !/\b(perft|bench)\b/.test(line)) {
      this.searching = true;
      this.best = null;
    }
    if (STATE.test(verb)) this.remember(verb, line);
    this.worker.postMessage({ line });
  }

  // Keeps what a new Worker must be told: every option and setting in order, and only the
  // last game and position (a new game forgets the position before it).
  remember(verb, line) {
    if (verb === "position" || verb === "newgame") {
      this.state = this.state.filter((kept) => !kept.startsWith("position"));
    }
    this.state.push(line);
  }

  interrupt() {
    this.restart(null);
  }

  // Ends the Worker and starts another; a search it was running answers with its best move so
  // far.
  restart(notice) {
    const searching = this.searching;
    this.searching = false;
    this.worker.terminate();
    this.start();
    if (notice) this.onNotice(notice);
    if (searching) this.onLine(`bestmove ${this.best ?? "(none)"}`);
  }

  // Sends raw data to the Worker, as a page with a bug might (tests use it).
  postRaw(data) {
    this.worker.postMessage(data);
  }

  terminate() {
    this.worker.terminate();
  }
}
