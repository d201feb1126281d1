// Which home the page is in: 'server' (`tabula gui`); scripts/web.sh writes 'static' instead.
export const home = 'server';
