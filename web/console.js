// The protocol console of the static site: lines typed go to the engine in its Worker, every
// line it writes is shown (and kept in window.lines for tests).
import { WorkerEngine } from "./engine.js";

const log = document.getElementById("log");
const notice = document.getElementById("notice");
window.lines = [];

function show(line) {
  window.lines.push(line);
  log.textContent += `${line}\n`;
  log.scrollTop = log.scrollHeight;
}

window.tabula = new WorkerEngine(show, (text) => {
  notice.textContent = text;
});

document.getElementById("prompt").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("line");
  show(`> ${input.value}`);
  window.tabula.send(input.value);
  input.value = "";
});
