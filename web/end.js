// The end of a hand and of a game. A hand: the winner's hand with the winning tile apart (at
// an exhaustive draw, the ready hands and their waits), the yaku or tai with their values, the
// points, and what each seat paid or received. A game: the standings, the points and, in riichi,
// the uma and the result, with the game's review and record.
'use strict';

const End = {
  who(state, seat) {
    const s = state.seats[seat];
    return s.you ? 'you' : Table.WINDS[s.wind] + ' (' + s.player + ')';
  },

  // a hand laid out: concealed tiles, the winning tile apart (or the waits), melds, flowers
  hand(h) {
    const row = el('div', 'end-hand');
    const tiles = el('span', 'tiles');
    for (const t of h.tiles) tiles.appendChild(Tiles.img(t.tile, '', t.red));
    row.appendChild(tiles);
    if (h.win) {
      const win = el('span', 'win-tile');
      win.appendChild(Tiles.img(h.win.tile, 'winning', h.win.red));
      win.title = 'the winning tile';
      row.appendChild(win);
    }
    for (const m of h.melds) row.appendChild(Tiles.meld(m.tiles));
    for (const f of h.flowers) row.appendChild(Tiles.img(f, 'flower'));
    if (h.waits) {
      const w = el('span', 'waits', 'waits ');
      for (const t of h.waits) w.appendChild(Tiles.img(t.tile, '', t.red));
      row.appendChild(w);
    }
    return row;
  },

  win(state, w) {
    const box = el('div', 'end-win');
    const title = w.self_draw ? this.who(state, w.seat) + (state.seats[w.seat].you ? ' win' : ' wins') + ' by self-draw'
      : this.who(state, w.seat) + (state.seats[w.seat].you ? ' win' : ' wins') + ' on ' +
        (state.seats[w.from].you ? 'your' : Table.WINDS[state.seats[w.from].wind] + "'s") + ' discard';
    box.appendChild(el('h3', 'end-title', title));
    box.appendChild(this.hand(w));
    const items = el('table', 'items');
    for (const it of w.items) {
      const r = items.insertRow();
      r.insertCell().textContent = it.name;
      r.insertCell().textContent = it.value + ' ' + (w.unit === 'tai' ? 'tai' : 'han');
    }
    box.appendChild(items);
    let total;
    if (w.unit === 'tai') {
      total = w.tai + ' tai' + (w.dealer_tai ? ' (and ' + w.dealer_tai + ' more on each payment between the dealer and the winner)' : '');
    } else {
      total = (w.yakuman ? (w.yakuman > 1 ? w.yakuman + 'x yakuman' : 'yakuman') : w.han + ' han ' + w.fu + ' fu') +
        (w.limit && !w.yakuman ? ', ' + w.limit : '') + ': ' + w.points + ' points';
    }
    box.appendChild(el('p', 'end-total', total));
    if (w.ura && w.ura.length) {
      const u = el('p', 'ura', 'ura-dora indicator' + (w.ura.length > 1 ? 's ' : ' '));
      for (const t of w.ura) u.appendChild(Tiles.img(t.tile, '', t.red));
      box.appendChild(u);
    }
    return box;
  },

  payments(state, end) {
    const t = el('table', 'payments');
    const h = t.insertRow();
    for (const x of ['seat', 'change', 'score']) h.appendChild(el('th', '', x));
    state.seats.forEach((s, i) => {
      const r = t.insertRow();
      r.insertCell().textContent = this.who(state, i);
      const d = end.deltas[i];
      const c = r.insertCell();
      c.textContent = (d > 0 ? '+' : '') + d;
      c.className = d > 0 ? 'plus' : d < 0 ? 'minus' : '';
      r.insertCell().textContent = end.scores[i];
    });
    return t;
  },

  standings(state, final) {
    const box = el('div', 'final');
    box.appendChild(el('h3', 'end-title', 'The game is over: final standings after ' + final.hands +
      ' hand' + (final.hands === 1 ? '' : 's')));
    const t = el('table', 'standings');
    const riichi = state.rules === 'riichi';
    const h = t.insertRow();
    for (const x of ['rank', 'seat', 'score'].concat(riichi ? ['uma', 'result'] : []))
      h.appendChild(el('th', '', x));
    for (const s of final.standings) {
      const r = t.insertRow();
      if (state.seats[s.seat].you) r.className = 'me';
      r.insertCell().textContent = s.rank;
      r.insertCell().textContent = this.who(state, s.seat);
      r.insertCell().textContent = s.score;
      if (riichi) {
        r.insertCell().textContent = (s.uma > 0 ? '+' : '') + s.uma;
        r.insertCell().textContent = (s.points > 0 ? '+' : '') + s.points;
      }
    }
    box.appendChild(t);
    if (riichi)
      box.appendChild(el('p', 'small', 'result = (score - ' + final.return_score + ') / 1000 + uma (' +
        final.uma.map((u) => (u > 0 ? '+' : '') + u).join(' ') + '), the first taking what the others give up'));
    return box;
  },

  // the result panel; next() starts the next hand, review() opens the game's review
  draw(state, next, review) {
    const result = document.getElementById('result');
    result.replaceChildren();
    result.hidden = state.state === 'waiting';
    if (result.hidden) return;
    const end = state.end;
    for (const w of end.wins) result.appendChild(this.win(state, w));
    if (end.draw !== undefined) {
      result.appendChild(el('h3', 'end-title', end.draw));
      if (end.ready && end.ready.length) {
        result.appendChild(el('p', '', 'Ready hands:'));
        for (const h of end.ready) {
          const p = el('div', 'ready');
          p.appendChild(el('span', 'ready-who', this.who(state, h.seat)));
          p.appendChild(this.hand(h));
          result.appendChild(p);
        }
      } else if (/exhausted/.test(end.draw)) {
        result.appendChild(el('p', '', 'No hand was ready.'));
      }
    }
    result.appendChild(this.payments(state, end));
    const buttons = el('div', 'end-buttons');
    if (state.state === 'hand_over') {
      const b = el('button', '', 'Next hand');
      b.id = 'next';
      b.addEventListener('click', next);
      buttons.appendChild(b);
    } else if (state.final) {
      result.appendChild(this.standings(state, state.final));
      const b = el('button', '', 'Review this game');
      b.id = 'review';
      b.title = 'Jong reviews your discards (jong review): a few seconds a hand';
      b.addEventListener('click', review);
      buttons.appendChild(b);
    }
    result.appendChild(buttons);
  },
};
