// One thread of the threaded engine's pool: a Web Worker that the engine's Worker
// (engine-worker.js) starts and sends {module, memory}, the threaded module and its shared
// memory. It instantiates the module on that memory, says {ready: true}, and runs one of the
// pool's threads (the search's helpers) until the engine's Worker ends; {failed: why} if the
// module did not load.
import init, { runPoolThread } from "./pkg-threads/tabula_wasm.js";

self.onmessage = async (event) => {
  try {
    await init({ module_or_path: event.data.module, memory: event.data.memory });
  } catch (error) {
    postMessage({ failed: String(error) });
    return;
  }
  postMessage({ ready: true });
  runPoolThread();
};
