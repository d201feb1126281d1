// The engine of the static site: tabula's WebAssembly module in a Web Worker
// (engine-worker.js), spoken to in protocol lines as an engine process is.
//
// The search runs on the Worker's one thread, so the Worker cannot read `stop` while it
// searches. `stop` is obeyed at once all the same: the Worker is ended, `bestmove` names the
// first move of the best line reported so far (as a stopped search answers), and a new Worker
// is started and given the options, game and position the old one had (not its hash table).
// `perft` and `bench` are stopped the same way (the new Worker says `info string perft
// stopped`). What a new Worker is told is only what the old one took: each line is sent with
// an id, the Worker says when it is done with it and whether it refused it, and only a setting
// that was not refused is kept. A Worker whose module trapped (a panic) is replaced the same
// way, and `onNotice` says so.
// @ts-check

const STATE = /^(setoption|newgame|ucinewgame|uginewgame|position|debug)$/;
/** Commands that keep the Worker busy to their end and that `stop` ends. */
const BUSY = /^(go|perft|bench)$/;

export class WorkerEngine {
  // onLine(line): every line the engine writes; onNotice(text): a Worker was restarted;
  // onReady(): a Worker has loaded the module and takes lines at once (after every start).
  /**
   * @param {(line: string) => void} onLine
   * @param {(text: string) => void} [onNotice]
   * @param {() => void} [onReady]
   */
  constructor(onLine, onNotice = () => {}, onReady = () => {}) {
    this.onLine = onLine;
    this.onNotice = onNotice;
    this.onReady = onReady;
    /** @type {string[]} */
    this.state = [];
    /** @type {Map<number, string>} id -> line, until the Worker is done with it */
    this.sent = new Map();
    this.nextId = 0;
    this.searching = false;
    /** @type {{id: number, what: string} | null} a perft or bench running */
    this.busy = null;
    /** @type {string | null} */
    this.best = null;
    this.ready = false;
    this.worker = this.start();
  }

  /** Starts a Worker and tells it the settings kept; returns it.
   * @returns {Worker} */
  start() {
    this.ready = false;
    const worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => this.restart(`the engine failed: ${event.message}`);
    this.state.forEach((line) => { worker.postMessage({ line }); });
    return worker;
  }

  /** @param {any} data a message of the Worker */
  receive(data) {
    if (data.crashed !== undefined) {
      this.restart(`the engine stopped (${data.crashed}) and was restarted`);
      return;
    }
    if (data.ready) {
      this.ready = true;
      this.onReady();
      return;
    }
    if (data.done !== undefined) {
      this.done(data.done, data.refused);
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

  // The Worker is done with the line `id`: a setting it took is kept for a new Worker.
  /**
   * @param {number} id
   * @param {boolean} refused
   */
  done(id, refused) {
    const line = this.sent.get(id);
    this.sent.delete(id);
    if (this.busy && this.busy.id === id) this.busy = null;
    if (line === undefined || refused) return;
    const verb = line.trim().split(/\s+/)[0];
    if (STATE.test(verb)) this.remember(verb, line);
  }

  // Sends one protocol line.
  /** @param {string} line */
  send(line) {
    const words = line.trim().split(/\s+/);
    const verb = words[0];
    if (verb === "stop") {
      if (this.searching || this.busy) this.interrupt();
      return;
    }
    const id = this.nextId++;
    if (BUSY.test(verb)) {
      const what = ["perft", "bench"].find((word) => words.includes(word));
      if (what) {
        this.busy = { id, what };
      } else {
        this.searching = true;
        this.best = null;
      }
    }
    this.sent.set(id, line);
    this.worker.postMessage({ line, id });
  }

  // Keeps what a new Worker must be told: every option and setting in order, and only the
  // last game and position (a new game forgets the position before it).
  /**
   * @param {string} verb
   * @param {string} line
   */
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
  // far, a perft or bench says it stopped. Settings the old Worker had not yet come to are sent
  // to the new one after what it kept.
  /** @param {string | null} notice */
  restart(notice) {
    const searching = this.searching;
    const busy = this.busy;
    const waiting = [...this.sent.values()].filter((line) => STATE.test(line.trim().split(/\s+/)[0]));
    this.searching = false;
    this.busy = null;
    this.sent.clear();
    this.worker.terminate();
    this.worker = this.start();
    if (notice) this.onNotice(notice);
    if (searching) this.onLine(`bestmove ${this.best ?? "(none)"}`);
    if (busy) this.onLine(`info string ${busy.what} stopped`);
    waiting.forEach((line) => { this.send(line); });
  }

  // Sends raw data to the Worker, as a page with a bug might (tests use it).
  /** @param {unknown} data */
  postRaw(data) {
    this.worker.postMessage(data);
  }

  terminate() {
    this.worker.terminate();
  }
}
