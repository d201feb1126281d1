// tabula gui's static home (the site scripts/web.sh builds): the page's one table is the wasm
// module's `Desk`, in this tab, answering the paths and JSON of the server's API (docs/gui.md)
// with the same errors. The Desk decides; this module carries its orders out: each engine role
// (white's player, black's player, the analyser) is an engine in a Web Worker (engine.js), and
// a review runs in a Worker of its own (review-worker.js). Its events (`state`, `analysis`,
// `notice`) reach the page as the server's socket brings them, `analysis` at most every 200 ms.
import init, { Desk } from './pkg/tabula_wasm.js';
import { WorkerEngine } from './engine.js';

/** The id of the one table. */
const ID = 'local';
/** How often the Desk's clocks are read. */
const TICK_MS = 100;
/** The least time between two `analysis` events. */
const ANALYSIS_MS = 200;

/** Loads the module; resolves to the back end of backend.js. */
export async function openLocalTable() {
  await init();
  return new LocalTable();
}

/** An Error of the Desk's sentence, as the server's `{"error"}` with its status. */
function refusal(e, status = 400) {
  const err = new Error(e && e.message ? e.message : String(e));
  err.status = status;
  return err;
}

/** Runs `work` on the Desk, turning a thrown error into a refusal. */
function attempt(work) {
  try {
    return work();
  } catch (e) {
    throw refusal(e);
  }
}

class LocalTable {
  constructor() {
    this.home = 'static';
    this.desk = null;
    this.onEvent = () => {};
    this.roles = [0, 1, 2].map(() => ({ engine: null, version: null }));
    this.review = null; // {serial, worker}
    this.analysisAt = 0;
    this.pendingAnalysis = null;
    setInterval(() => this.tick(), TICK_MS);
  }

  async info() {
    return JSON.parse(Desk.info());
  }

  /** The API's requests, answered by the Desk. */
  async request(method, path, body) {
    const json = JSON.stringify(body === undefined ? {} : body);
    if (method === 'GET' && path === '/api/info') return this.info();
    if (method === 'POST' && path === '/api/records') return JSON.parse(attempt(() => Desk.list_records(json)));
    if (method === 'POST' && path === '/api/tables') return this.open(json);
    const m = /^\/api\/tables\/([^/]+)(?:\/([a-z]+))?$/.exec(path);
    if (!m || (method === 'GET') !== (m[2] === undefined)) {
      throw refusal(`no such request: ${method} ${path}`, 404);
    }
    if (m[1] !== ID || !this.desk) throw refusal(`no table ${m[1]}`, 404);
    if (method === 'GET') return JSON.parse(this.desk.state());
    const answer = JSON.parse(attempt(() => this.desk.act(m[2], json)));
    if (m[2] !== 'targets') this.changed();
    return answer;
  }

  /** A new table replaces the one there was, its engines and review stopped. */
  open(json) {
    const desk = attempt(() => new Desk(json));
    this.roles.forEach((role) => this.stop(role));
    this.stopReview();
    if (this.desk) this.desk.free();
    this.desk = desk;
    this.changed();
    return JSON.parse(desk.state());
  }

  listen(id, onEvent) {
    this.onEvent = onEvent;
    if (this.desk) this.emit([{ name: 'state', data: JSON.parse(this.desk.state()) }]);
  }

  async download(id) {
    if (id !== ID || !this.desk) throw refusal(`no table ${id}`, 404);
    return { name: this.desk.record_name(), text: attempt(() => this.desk.record()) };
  }

  /** After anything that may have changed the table: the Desk's orders carried out, and the
   * table sent, since an order may change what it shows (who is thinking). */
  changed() {
    this.schedule();
    this.emit([{ name: 'state', data: JSON.parse(this.desk.state()) }]);
  }

  /** Carries out the Desk's orders to the engines (stops first), then its review's. */
  schedule() {
    const orders = JSON.parse(this.desk.schedule());
    for (const order of orders.filter((o) => o.stop)) this.stop(this.roles[order.role]);
    for (const order of orders.filter((o) => !o.stop)) this.start(order);
    const review = this.desk.review_order(); // undefined when there is no order
    if (review) this.orderReview(JSON.parse(review));
  }

  /** Ends the role's job: what its engine writes from now on is dropped. */
  stop(role) {
    if (role.version === null) return;
    role.version = null;
    role.engine.send('stop');
  }

  start({ role: index, version, lines }) {
    const role = this.roles[index];
    this.stop(role);
    if (!role.engine) {
      role.engine = new WorkerEngine(
        (line) => this.engineLine(role, index, line),
        (text) => this.emit([{ name: 'notice', data: { level: 'error', text } }]));
    }
    role.version = version;
    lines.forEach((line) => role.engine.send(line));
  }

  engineLine(role, index, line) {
    const version = role.version;
    if (version === null || !this.desk) return;
    if (line.startsWith('bestmove')) role.version = null; // the job is done
    this.emit(JSON.parse(this.desk.engine_line(index, BigInt(version), line)));
    this.schedule();
  }

  tick() {
    if (!this.desk) return;
    const events = JSON.parse(this.desk.tick());
    if (events.length) {
      this.emit(events);
      this.schedule();
    }
  }

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
    const progress = (status, evals) => {
      if (this.review !== review) return;
      if (status !== 'running') this.stopReview();
      try {
        this.emit(JSON.parse(this.desk.review_progress(BigInt(review.serial), status, JSON.stringify(evals))));
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

  stopReview() {
    if (!this.review) return;
    this.review.worker.terminate();
    this.review = null;
  }

  /** Passes events to the page, as a socket would: later, in order, `analysis` throttled. */
  emit(events) {
    for (const { name, data } of events) {
      if (name === 'analysis') this.analysis(data);
      else setTimeout(() => this.onEvent(name, data), 0);
    }
  }

  /** At most one `analysis` event every 200 ms: the last one waits for its turn. */
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
