// Tile pictures for the page: /tile/CODE.svg, drawn by the server in the style the player chose
// (the drawn faces players know, or the plain 5m / E style), remembered in this browser.
'use strict';

const Tiles = {
  style: localStorage.getItem('jong-tiles') === 'plain' ? 'plain' : 'drawn',

  // a tile's name as the notation writes it: 5m, 0p (a red five), E, P, f1, s2
  name(code, red) {
    if (code < 27) return (red ? '0' : String(code % 9 + 1)) + 'mps'[Math.floor(code / 9)];
    if (code < 34) return 'ESWNPFC'[code - 27];
    if (code < 42) return (code < 38 ? 'f' : 's') + ((code - 34) % 4 + 1);
    return 'hidden';
  },

  src(code, red) {
    return '/tile/' + (this.style === 'plain' ? 'plain/' : '') + code + (red ? 'r' : '') + '.svg';
  },

  img(code, cls, red) {
    const img = document.createElement('img');
    img.src = this.src(code, red);
    img.className = 't' + (cls ? ' ' + cls : '');
    img.alt = 'tile ' + code;
    img.title = this.name(code, red);
    return img;
  },

  // A tile in a row; a turned one (the riichi discard, a called tile) lies sideways in a slot
  // as wide as a tile is tall, so that the row keeps its line.
  placed(code, red, cls, turned) {
    const img = this.img(code, (cls || '') + (turned ? ' turned' : ''), red);
    if (!turned) return img;
    const slot = document.createElement('span');
    slot.className = 'slot';
    slot.appendChild(img);
    return slot;
  },

  // a row of {tile, red, turned} (a meld as the server lays it out)
  meld(tiles, cls) {
    const span = document.createElement('span');
    span.className = 'meld';
    for (const t of tiles) span.appendChild(this.placed(t.tile, t.red, cls, t.turned));
    return span;
  },

  setStyle(style) {
    this.style = style === 'plain' ? 'plain' : 'drawn';
    localStorage.setItem('jong-tiles', this.style);
  },
};
