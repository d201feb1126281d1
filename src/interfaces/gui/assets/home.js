// Which home the page is in: 'server' (`tabula gui`); scripts/web.sh writes 'static' instead.
// @ts-check
/** @type {'server' | 'static'} */
export const home = 'server';
