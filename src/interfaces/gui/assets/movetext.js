// tabula gui: reading a record's movetext (docs/records.md) for its side lines: its words
// outside comments, each game's movetext in a file of several, and the side lines `( ... )` as
// paths from the start. Pure functions of text, apart from the page's state.
// @ts-check

/** The words that end a movetext: its result. */
const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'];

/** Whether the movetext word `word` is a move (not a move number or a result).
 * @param {string} word */
export const isMoveWord = (word) => !word.endsWith('.') && !RESULTS.includes(word);

/** The words of a movetext outside its comments, each with where it begins.
 * @param {string} body
 * @returns {{at: number, text: string}[]} */
export function movetextWords(body) {
  const words = [];
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (depth > 0) {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      continue;
    }
    if (c === '{') { depth = 1; continue; }
    if (/\s/.test(c)) continue;
    let end = i;
    while (end < body.length && !/\s/.test(body[end]) && body[end] !== '{') end++;
    words.push({ at: i, text: body.slice(i, end) });
    i = end - 1;
  }
  return words;
}

/** The movetext of each game of a record text (a tag line after a movetext begins the next).
 * @param {string} text
 * @returns {string[]} */
export function recordMovetexts(text) {
  /** @type {{moves: string}[]} */
  const games = [];
  /** @type {{moves: string} | null} */
  let game = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const tag = /^\[\w+\s+".*"\]$/.test(line);
    if (!game || (tag && game.moves)) {
      game = { moves: '' };
      games.push(game);
    }
    if (!tag) game.moves += `${line}\n`;
  }
  return games.map((g) => g.moves);
}

/** The side lines of a movetext as paths from the start, in the order written: `base` the
 * moves before the movetext (the Opening's), `main` the main line as the table took it. A side
 * line `( ... )` replaces the move before it; comments are read past. Throws what is wrong.
 * @param {string} movetext
 * @param {string[]} base
 * @param {string[]} main
 * @returns {string[][]} */
export function sideLinePaths(movetext, base, main) {
  /** @type {string[]} */
  const tokens = [];
  let depth = 0, word = '';
  const flush = () => { if (word) tokens.push(word); word = ''; };
  for (const c of movetext) {
    if (depth > 0) {
      if (c === '{') depth++;
      else if (c === '}') depth--;
    } else if (c === '{') {
      flush();
      depth = 1;
    } else if (c === '(' || c === ')') {
      flush();
      tokens.push(c);
    } else if (/\s/.test(c)) {
      flush();
    } else {
      word += c;
    }
  }
  flush();
  /** @type {(string[] | null)[]} */
  const paths = [];
  /** @type {{path: string[], slot: number}[]} */
  const open = [];
  let path = base.slice();
  for (const token of tokens) {
    if (token === '(') {
      if (path.length <= base.length) throw new Error('a side line comes before any move it could replace');
      open.push({ path, slot: paths.length });
      paths.push(null);
      path = path.slice(0, -1);
    } else if (token === ')') {
      const from = open.pop();
      if (!from) throw new Error('a ) closes no side line');
      if (path.length > from.path.length - 1) paths[from.slot] = path;
      path = from.path;
    } else if (isMoveWord(token)) {
      path.push(open.length ? token : (main[path.length] ?? token));
    }
  }
  if (open.length) throw new Error('a side line is left open');
  return /** @type {string[][]} */ (paths.filter((p) => p));
}
