// tabula gui: the browser page. Plain ES modules, no framework, no build step: the browser loads
// these very files. It talks to its tables through backend.js: the JSON API and the event
// socket of docs/gui.md (GET /api/info, /api/tables/...), served by `tabula gui` or answered in
// the tab by tabula as WebAssembly. The tables are the referee: the page never decides whether
// a move is legal, it asks `targets` on every click. docs/architecture.md draws its modules.
// @ts-check
import { startClocks } from './clocks.js';
import { start } from './controller.js';
import { wireControls, wireReview } from './controls.js';

wireControls();
wireReview();
startClocks();
start();
