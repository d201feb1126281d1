// tabula gui: the page's small helpers over the document: finding and making elements, errors
// and notices, squares' names, numbers in words, and saving a file.
// @ts-check

/** The element of id `id` (the page's ids are index.html's own, each of a known kind). */
export const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

const SVGNS = 'http://www.w3.org/2000/svg';

/** Makes an SVG element with the given attributes, appended to `parent` if given.
 * @param {string} name
 * @param {Record<string, string | number>} [attrs]
 * @param {Element} [parent]
 * @returns {SVGElement} */
export function svgEl(name, attrs, parent) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVGNS, name));
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

/** Makes an HTML element with a class and a text.
 * @param {string} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {any} */
export function h(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Shows `text` in the error element `el` (empty clears it).
 * @param {HTMLElement} el
 * @param {string} text */
export function showError(el, text) {
  el.textContent = text || '';
}

/** Adds a notice to the log and shows it briefly as a toast.
 * @param {string} level `error` or `info`
 * @param {string} text */
export function notice(level, text) {
  const time = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const li = h('li', level === 'error' ? 'error' : 'info', `${time} ${text}`);
  const list = $('notices');
  list.prepend(li);
  while (list.children.length > 50) list.lastChild.remove();
  const toast = $('toasts').appendChild(h('div', `toast ${li.className}`, text));
  setTimeout(() => toast.remove(), level === 'error' ? 8000 : 4000);
}

/** The name of file `x` (from 0): `a`, `b`, ... */
export const fileName = (/** @type {number} */ x) => String.fromCharCode(97 + x);
/** The name of square (`x`, `y`), from 0: `a1`. */
export const squareName = (/** @type {number} */ x, /** @type {number} */ y) => fileName(x) + (y + 1);
/** Square `s`'s coordinates, from 0. */
export const parseSquare = (/** @type {string} */ s) => ({ x: s.charCodeAt(0) - 97, y: parseInt(s.slice(1), 10) - 1 });
/** `s` with a capital first letter. */
export const cap = (/** @type {string} */ s) => s.charAt(0).toUpperCase() + s.slice(1);
/** The side that is not `side`. */
export const other = (/** @type {string} */ side) => (side === 'white' ? 'black' : 'white');

/** A count in few characters: `1.5k`, `2.0M`.
 * @param {number} n */
export function formatCount(n) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
  return String(n);
}

/** `n` and its noun, singular for one (`1 move`, `2 moves`).
 * @param {number} n
 * @param {string} noun */
export function counted(n, noun) {
  return `${n} ${n === 1 ? noun : `${noun}s`}`;
}

/** Saves `text` as the file `name`.
 * @param {string} name
 * @param {string} text */
export function saveFile(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = h('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60000); // the download may start late
}
