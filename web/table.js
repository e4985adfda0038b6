// The table: the four seats around a centre that holds the round, the honba and riichi
// sticks, the wall left, the dora indicators and each seat's score with its wind. Each seat
// shows its player, its hand (backs for the others) with its melds beside it (the called tile
// turned towards the seat it came from) and its flowers, and its river in rows of six (the
// riichi discard turned, claimed tiles dimmed, the table's last discard marked).
'use strict';

const Table = {
  WINDS: { E: 'East', S: 'South', W: 'West', N: 'North' },
  // where each seat sits, counted from the person's seat: across at the top, the seat before
  // on the left, the seat after on the right
  POSITIONS: ['you', 'right', 'across', 'left'],

  position(state, seat) { return this.POSITIONS[(seat - state.seat + 4) % 4]; },

  // "East 2" and, in riichi, the honba: what players call a hand
  handName(state) {
    return this.WINDS[state.round] + ' ' + (state.dealer + 1);
  },

  river(seat) {
    const river = el('div', 'river');
    let row = null;
    seat.discards.forEach((d, i) => {
      if (i % 6 === 0) row = river.appendChild(el('div', 'row'));
      const cls = [d.claimed ? 'claimed' : '', d.last ? 'last' : ''].join(' ').trim();
      const tile = Tiles.placed(d.tile, d.red, cls, d.riichi);
      if (d.riichi) tile.title = 'declared riichi';
      if (d.last) tile.title = 'the last discard';
      row.appendChild(tile);
    });
    return river;
  },

  head(state, seat) {
    const head = el('div', 'head');
    const wind = el('span', 'wind' + (seat.dealer ? ' dealer' : ''), this.WINDS[seat.wind]);
    wind.title = seat.dealer ? 'the dealer' : 'seat wind';
    head.append(wind, ' ', el('span', 'who', seat.you ? 'you' : seat.player));
    if (seat.dealer) head.append(' ', this.badge('dealer', 'dealer'));
    if (seat.riichi) head.append(' ', this.badge('riichi', 'riichi'));
    return head;
  },

  badge(text, cls) { return el('span', 'badge ' + cls, text); },

  // the others' hands: backs for the concealed tiles, melds and flowers beside them
  seatHand(seat) {
    const row = el('div', 'seat-hand');
    const backs = el('span', 'backs');
    for (let i = 0; i < seat.concealed; i++) backs.appendChild(Tiles.img(254, 'back'));
    backs.title = seat.concealed + ' tiles in hand';
    row.appendChild(backs);
    for (const m of seat.melds) row.appendChild(Tiles.meld(m.tiles));
    for (const f of seat.flowers) row.appendChild(Tiles.img(f, 'flower'));
    return row;
  },

  seatBox(state, seat) {
    const box = el('div', 'seat' + (seat.you ? ' me' : '') + (seat.riichi ? ' in-riichi' : ''));
    box.dataset.seat = seat.seat;
    box.dataset.pos = this.position(state, seat.seat);
    box.appendChild(this.head(state, seat));
    if (!seat.you) box.appendChild(this.seatHand(seat));
    box.appendChild(this.river(seat));
    return box;
  },

  centre(state) {
    const c = el('div');
    c.id = 'centre';
    c.appendChild(el('div', 'round', this.handName(state)));
    const parts = [];
    if (state.rules === 'riichi') parts.push('honba ' + state.honba, 'riichi sticks ' + state.sticks);
    else if (state.streak) parts.push('repeat ' + state.streak);
    parts.push('wall ' + state.wall);
    c.appendChild(el('div', 'counts', parts.join(' \u00b7 ')));
    if (state.dora_markers) {
      const dora = el('div', 'dora', 'dora indicator' + (state.dora_markers.length > 1 ? 's ' : ' '));
      for (const d of state.dora_markers) dora.appendChild(Tiles.img(d.tile, '', d.red));
      c.appendChild(dora);
    }
    // the scores as the seats sit: the wind, the score, a stick for a seat in riichi
    const scores = el('div', 'scores');
    for (const s of state.seats) {
      const cell = el('div', 'score pos-' + this.position(state, s.seat) + (s.dealer ? ' dealer' : ''));
      cell.dataset.seat = s.seat;
      cell.append(el('span', 'w', s.wind), ' ' + s.score);
      if (s.riichi) cell.appendChild(this.badge('\u2015', 'stick'));
      scores.appendChild(cell);
    }
    c.appendChild(scores);
    c.appendChild(el('div', 'seed small', (state.rules === 'taiwan' ? 'Taiwanese' : 'Riichi') + ', hand ' +
      state.hand_number + ', seed ' + state.seed + (state.time_left === null ? '' : ', ' + Math.ceil(state.time_left) + ' s left')));
    return c;
  },

  // the whole board
  draw(state) {
    const board = document.getElementById('board');
    board.replaceChildren();
    for (const s of state.seats) board.appendChild(this.seatBox(state, s));
    board.appendChild(this.centre(state));
  },
};
