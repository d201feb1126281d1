// tabula gui's static home (the site scripts/web.sh builds): the page's one table is the wasm
// module's `Desk`, in this tab, answering the paths and JSON of the server's API (docs/gui.md)
// with the same errors. The Desk decides; this module carries its orders out: each engine role
// (white's player, black's player, the analyser) is an engine in a Web Worker (engine.js), and
// a review runs in a Worker of its own (review-worker.js). Its events (`state`, `analysis`,
// `notice`) reach the page as the server's socket brings them, `analysis` at most every 200 ms.
// A panic in the module traps it (a `WebAssembly.RuntimeError`): the module is then loaded
// again, as a new instance, and the page is told its table is `gone`, so that it sets its game
// up again on the new one, as it does when a server has forgotten its table.
// @ts-check
import { WorkerEngine } from './engine.js';

/** @typedef {{engine: WorkerEngine | null, version: number | null}} Role the engine of white's player, black's player or the analyser, and the version of its job */
/** @typedef {{name: string, data: any}} TableEvent */

/** The id of the one table. */
const ID = 'local';
/** The actions that only answer (the Desk is not changed by them). */
const ANSWERS = new Set(['targets', 'probe']);
/** How often the Desk's clocks are read. */
const TICK_MS = 100;
/** The least time between two `analysis` events. */
const ANALYSIS_MS = 200;

/** Loads the module (`generation` > 0: a new instance of it, beside one that trapped) and
 * resolves to its `Desk` class.
 * @param {number} generation
 * @returns {Promise<any>} */
async function loadDesk(generation) {
  const module = await import(generation ? `./pkg/tabula_wasm.js?generation=${generation}` : './pkg/tabula_wasm.js');
  await module.default();
  return module.Desk;
}

/** Loads the module; resolves to the back end of backend.js. */
export async function openLocalTable() {
  return new LocalTable(await loadDesk(0));
}

/** An Error of the Desk's sentence, as the server's `{"error"}` with its status.
 * @param {any} e
 * @returns {Error & {status?: number}} */
function refusal(e, status = 400) {
  /** @type {Error & {status?: number}} */
  const err = new Error(e?.message ? e.message : String(e));
  err.status = status;
  return err;
}

class LocalTable {
  /** @param {any} deskClass the module's `Desk` */
  constructor(deskClass) {
    this.home = 'static';
    this.Desk = deskClass;
    this.generation = 0;
    this.reloading = false;
    /** @type {any} the table: a `Desk` */
    this.desk = null;
    /** @type {(name: string, data: any) => void} */
    this.onEvent = () => {};
    /** @type {Role[]} */
    this.roles = [0, 1, 2].map(() => /** @type {Role} */ ({ engine: null, version: null }));
    /** @type {{serial: number, worker: Worker} | null} */
    this.review = null;
    this.analysisAt = 0;
    /** @type {any} */
    this.pendingAnalysis = null;
    /** @type {Worker | null} the Worker answering `probe` (probe-worker.js), once one is asked */
    this.prober = null;
    /** @type {{serial: number, resolve: (answer: unknown) => void, reject: (e: Error) => void} | null} the probe it works on */
    this.probing = null;
    this.probeSerial = 0;
    setInterval(() => this.tick(), TICK_MS);
  }

  async info() {
    return JSON.parse(this.call(() => this.Desk.info()));
  }

  /** Runs `work` on the module: a refusal becomes an Error of the Desk's sentence; a trap (a
   * panic) has the module loaded again.
   * @template T
   * @param {() => T} work
   * @returns {T} */
  call(work) {
    try {
      return work();
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw refusal(e);
      this.trapped(e);
      throw refusal(`tabula's module failed (${e.message}); it is being loaded again`, 503);
    }
  }

  /** As `call`, for work no request waits for: a refusal or a trap is told as a notice.
   * @template T
   * @param {() => T} work
   * @returns {T | null} */
  quietly(work) {
    try {
      return this.call(work);
    } catch (e) {
      if (e.status !== 503) this.emit([{ name: 'notice', data: { level: 'error', text: e.message } }]);
      return null;
    }
  }

  /** The module trapped: its table and what runs for it are dropped, a new instance is loaded,
   * and the page hears that its table is gone.
   * @param {Error} e */
  trapped(e) {
    if (this.reloading) return;
    this.reloading = true;
    this.desk = null; // the trapped instance is not touched again
    this.roles.forEach((role) => { this.stop(role); });
    this.stopReview();
    loadDesk(++this.generation).then((deskClass) => {
      this.Desk = deskClass;
      this.reloading = false;
      this.onEvent('gone', { text: `tabula's module failed (${e.message}) and was loaded again` });
    }, (error) => {
      this.onEvent('notice', { level: 'error', text: `tabula's module failed and could not be loaded again: ${error}` });
    });
  }

  /** The API's requests, answered by the Desk.
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body] */
  async request(method, path, body) {
    const json = JSON.stringify(body === undefined ? {} : body);
    if (method === 'GET' && path === '/api/info') return this.info();
    if (method === 'POST' && path === '/api/records') return JSON.parse(this.call(() => this.Desk.list_records(json)));
    if (method === 'POST' && path === '/api/tables') return this.open(json);
    const m = /^\/api\/tables\/([^/]+)(?:\/([a-z]+))?$/.exec(path);
    if (!m || (method === 'GET') !== (m[2] === undefined)) {
      throw refusal(`no such request: ${method} ${path}`, 404);
    }
    if (m[1] !== ID || !this.desk) throw refusal(`no table ${m[1]}`, 404);
    if (method === 'GET') return JSON.parse(this.call(() => this.desk.state()));
    // `probe` runs the solver in a Worker of its own: the page asks it only while its card is
    // open, once the position has settled (perfect-play.js).
    if (m[2] === 'probe') return this.probe();
    const answer = JSON.parse(this.call(() => this.desk.act(m[2], json)));
    if (!ANSWERS.has(m[2])) this.changed();
    return answer;
  }

  /** `probe` of the position shown, answered by a Worker of its own (probe-worker.js), so that
   * the solver never holds the page. A probe asked while another runs ends that one's Worker
   * (the answer it was working on is no longer wanted: the page asks for the position it
   * shows); a Worker whose probe failed is ended too, and the next probe starts a new one.
   * @returns {Promise<unknown>} */
  probe() {
    const t = JSON.parse(this.call(() => this.desk.state()));
    const message = {
      serial: ++this.probeSerial,
      game: t.game,
      size: `${t.width}x${t.height}`,
      start: t.start,
      moves: t.moves.slice(0, t.ply).join(' '),
    };
    if (this.probing) {
      this.probing.reject(refusal('another position was asked for meanwhile', 409));
      this.endProber();
    }
    if (!this.prober) {
      const worker = new Worker('probe-worker.js', { type: 'module' });
      worker.onmessage = ({ data }) => this.probed(data);
      worker.onerror = (e) => this.probed({ serial: this.probeSerial, error: `the probe's Worker failed: ${e.message}` });
      this.prober = worker;
    }
    const prober = this.prober;
    return new Promise((resolve, reject) => {
      this.probing = { serial: message.serial, resolve, reject };
      prober.postMessage(message);
    });
  }

  /** The probe's Worker answered.
   * @param {{serial: number, answer?: string, error?: string}} data */
  probed(data) {
    const probing = this.probing;
    if (!probing || data.serial !== probing.serial) return;
    this.probing = null;
    if (data.answer !== undefined) {
      probing.resolve(JSON.parse(data.answer));
    } else {
      this.endProber();
      probing.reject(refusal(data.error || 'the probe failed'));
    }
  }

  endProber() {
    this.prober?.terminate();
    this.prober = null;
  }

  /** A new table replaces the one there was, its engines and review stopped.
   * @param {string} json */
  open(json) {
    const desk = this.call(() => new this.Desk(json));
    this.roles.forEach((role) => { this.stop(role); });
    this.stopReview();
    if (this.desk) this.desk.free();
    this.desk = desk;
    this.changed();
    return JSON.parse(desk.state());
  }

  /** The page hears the table's events: `onEvent(name, data)`.
   * @param {string} _id
   * @param {(name: string, data: any) => void} onEvent */
  listen(_id, onEvent) {
    this.onEvent = onEvent;
    const state = this.desk && this.quietly(() => this.desk.state());
    if (state) this.emit([{ name: 'state', data: JSON.parse(state) }]);
  }

  /** The record of the table.
   * @param {string} id */
  async download(id) {
    if (id !== ID || !this.desk) throw refusal(`no table ${id}`, 404);
    return this.call(() => ({ name: this.desk.record_name(), text: this.desk.record() }));
  }

  /** After anything that may have changed the table: the Desk's orders carried out, and the
   * table sent, since an order may change what it shows (who is thinking). */
  changed() {
    this.schedule();
    const state = this.desk && this.quietly(() => this.desk.state());
    if (state) this.emit([{ name: 'state', data: JSON.parse(state) }]);
  }

  /** Carries out the Desk's orders to the engines (stops first), then its review's. */
  schedule() {
    const scheduled = this.desk && this.quietly(() => this.desk.schedule());
    if (!scheduled) return;
    const orders = JSON.parse(scheduled);
    for (const order of orders.filter((/** @type {{stop?: boolean}} */ o) => o.stop)) this.stop(this.roles[order.role]);
    for (const order of orders.filter((/** @type {{stop?: boolean}} */ o) => !o.stop)) this.start(order);
    const review = this.desk && this.quietly(() => this.desk.review_order()); // none: undefined
    if (review) this.orderReview(JSON.parse(review));
  }

  /** Ends the role's job: what its engine writes from now on is dropped.
   * @param {Role} role */
  stop(role) {
    if (role.version === null) return;
    role.version = null;
    role.engine?.send('stop'); // a role with a job has its engine
  }

  /** Starts the Desk's order: the role's job of `version`, its protocol lines.
   * @param {{role: number, version: number, lines: string[]}} order */
  start({ role: index, version, lines }) {
    const role = this.roles[index];
    this.stop(role);
    const engine = role.engine ?? new WorkerEngine(
      (line) => this.engineLine(role, index, line),
      (text) => this.emit([{ name: 'notice', data: { level: 'error', text } }]),
      () => this.engineReady(role, index));
    role.engine = engine;
    role.version = version;
    lines.forEach((line) => { engine.send(line); });
  }

  /** A role's engine has (re)started its Worker: its job's clock counts from now, not from
   * when the Worker was asked for.
   * @param {Role} role
   * @param {number} index */
  engineReady(role, index) {
    const version = role.version;
    if (version === null || !this.desk) return;
    this.quietly(() => this.desk.engine_ready(index, version));
  }

  /** A line of a role's engine, for the Desk.
   * @param {Role} role
   * @param {number} index
   * @param {string} line */
  engineLine(role, index, line) {
    const version = role.version;
    if (version === null || !this.desk) return;
    const done = line.startsWith('bestmove');
    if (done) role.version = null; // the job is done
    const events = this.quietly(() => this.desk.engine_line(index, version, line));
    if (events) this.emit(JSON.parse(events));
    // After a move the next job starts (the other engine's, say): the page hears who thinks.
    if (done) this.changed();
    else this.schedule();
  }

  /** Reads the Desk's clocks. */
  tick() {
    const ticked = this.desk && this.quietly(() => this.desk.tick());
    if (!ticked) return;
    const events = JSON.parse(ticked);
    if (events.length) {
      this.emit(events);
      this.schedule();
    }
  }

  /** Starts or stops a review, as the Desk orders.
   * @param {{stop?: boolean, serial: number, game: string, record: string, depth: number}} order */
  orderReview(order) {
    if (order.stop) {
      if (this.review && this.review.serial === order.serial) this.stopReview();
      return;
    }
    if (this.review && this.review.serial === order.serial) return;
    this.stopReview();
    const worker = new Worker(new URL('./review-worker.js', import.meta.url), { type: 'module' });
    const review = { serial: order.serial, worker };
    this.review = review;
    const progress = (/** @type {string} */ status, /** @type {unknown} */ evals) => {
      if (this.review !== review) return;
      if (status !== 'running') this.stopReview();
      try {
        this.emit(JSON.parse(this.call(() => this.desk.review_progress(review.serial, status, JSON.stringify(evals)))));
      } catch (e) {
        this.emit([{ name: 'notice', data: { level: 'error', text: `review: ${e.message}` } }]);
      }
      this.schedule();
    };
    worker.onmessage = (event) => {
      const { status, evals } = JSON.parse(event.data);
      progress(status, evals);
    };
    worker.onerror = (event) => progress(`failed: ${event.message || 'the review stopped'}`, []);
    worker.postMessage({ game: order.game, record: order.record, depth: order.depth });
  }

  /** Ends the review running, if one is. */
  stopReview() {
    if (!this.review) return;
    this.review.worker.terminate();
    this.review = null;
  }

  /** Passes events to the page, as a socket would: later, in order, `analysis` throttled. An
   * event of a table that has since been replaced (a new table opened meanwhile) is dropped, as
   * a closed socket's would be: every table here is `local`, so the page could not tell.
   * @param {TableEvent[]} events */
  emit(events) {
    const desk = this.desk;
    for (const { name, data } of events) {
      if (name === 'analysis') this.analysis(data);
      else setTimeout(() => { if (this.desk === desk) this.onEvent(name, data); }, 0);
    }
  }

  /** At most one `analysis` event every 200 ms: the last one waits for its turn.
   * @param {unknown} data */
  analysis(data) {
    const due = this.analysisAt + ANALYSIS_MS - performance.now();
    const pending = this.pendingAnalysis;
    this.pendingAnalysis = data;
    if (pending) return; // a send is already planned: it takes this one
    setTimeout(() => {
      this.analysisAt = performance.now();
      const last = this.pendingAnalysis;
      this.pendingAnalysis = null;
      this.onEvent('analysis', last);
    }, Math.max(0, due));
  }
}
