// The review of the board page's static home (local-table.js) in a Web Worker of its own:
// told {game, record, depth}, it searches the record's positions one step at a time
// (`ReviewRun`, tabula's review as WebAssembly) and posts each step's answer, the JSON text
// {status, evals}, until the status is no longer `running`. The page ends the Worker to stop it.
import init, { ReviewRun } from "./pkg/tabula_wasm.js";

/** Lets the Worker read its messages between two steps. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

self.onmessage = async ({ data }) => {
  try {
    await init();
    const run = new ReviewRun(data.game, data.record, data.depth);
    for (;;) {
      const step = run.step();
      postMessage(step);
      if (JSON.parse(step).status !== "running") return;
      await pause();
    }
  } catch (error) {
    postMessage(JSON.stringify({ status: `failed: ${error.message || error}`, evals: [] }));
  }
};
