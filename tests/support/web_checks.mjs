// What tests/web_browser.mjs evaluates in the page of `jong web` (each an expression), the
// page's own drawing compared with the state the server sent (jong.game.state).
import { WAIT_MS } from './cdp.mjs';

const src = `((t, red) => '/tile/' + (Tiles.style === 'plain' ? 'plain/' : '') + t + (red ? 'r' : '') + '.svg')`;

// The board against the state: each river's tiles in rows of six (the declaring discard turned,
// red fives red), one last discard marked where the state has one, the called tiles of melds
// turned as the state lays them out, your melds beside your hand, the hint's tile marked,
// nothing wider than the window.
export const checkBoard = `(() => {
  const s = jong.game.state, src = ${src};
  let turned = 0, last = 0;
  for (const seat of s.seats) {
    const box = document.querySelector('.seat[data-seat="' + seat.seat + '"]');
    if (!box) return { error: 'no box for seat ' + seat.seat };
    const rows = [...box.querySelectorAll('.river .row')];
    const imgs = [...box.querySelectorAll('.river img')];
    if (imgs.length !== seat.discards.length) return { error: 'river of seat ' + seat.seat + ': ' + imgs.length + ' pictures' };
    if (rows.some((r, i) => r.querySelectorAll('img').length !== (i < rows.length - 1 ? 6 : (imgs.length - 1) % 6 + 1)))
      return { error: 'river of seat ' + seat.seat + ' not in rows of six' };
    for (let i = 0; i < imgs.length; i++) {
      const d = seat.discards[i];
      if (imgs[i].getAttribute('src') !== src(d.tile, d.red))
        return { error: 'discard ' + i + ' of seat ' + seat.seat + ' drawn as ' + imgs[i].getAttribute('src') };
      const sideways = getComputedStyle(imgs[i]).transform !== 'none';
      if (sideways !== Boolean(d.riichi)) return { error: 'discard ' + i + ' of seat ' + seat.seat + ' turned: ' + sideways };
      if (imgs[i].classList.contains('last') !== Boolean(d.last)) return { error: 'discard ' + i + ' of seat ' + seat.seat + ': last mark' };
      last += Boolean(d.last);
    }
    // melds: beside the hand (yours under the board), each tile as laid out, the called one turned
    const meldBoxes = seat.you ? [...document.querySelectorAll('#my-melds .meld')] : [...box.querySelectorAll('.seat-hand .meld')];
    if (meldBoxes.length !== seat.melds.length) return { error: 'seat ' + seat.seat + ' shows ' + meldBoxes.length + ' melds of ' + seat.melds.length };
    for (let m = 0; m < seat.melds.length; m++) {
      const tiles = seat.melds[m].tiles, shown = [...meldBoxes[m].querySelectorAll('img')];
      if (shown.length !== tiles.length || shown.some((img, i) => img.getAttribute('src') !== src(tiles[i].tile, tiles[i].red) ||
                                                      img.classList.contains('turned') !== Boolean(tiles[i].turned)))
        return { error: 'meld ' + m + ' of seat ' + seat.seat + ' drawn otherwise than ' + JSON.stringify(tiles) };
      const n = tiles.filter((t) => t.turned).length;
      if (n !== (seat.melds[m].type === 'concealed_kong' ? 0 : 1)) return { error: 'meld ' + JSON.stringify(seat.melds[m]) + ' has ' + n + ' turned' };
      turned += n;
    }
    if (!seat.you && box.querySelectorAll('.backs img').length !== seat.concealed) return { error: 'seat ' + seat.seat + ': hidden tiles' };
  }
  if (s.state === 'waiting' && s.hint_discard >= 0 && document.getElementById('show-hint').checked &&
      s.hand.some((t) => t.tile === s.hint_discard && t.discard >= 0) && !jong.game.declaring) {
    const marked = [...document.querySelectorAll('#hand button.suggested')];
    if (marked.length !== 1 || marked[0].querySelector('img').alt !== 'tile ' + s.hint_discard)
      return { error: 'the hint names ' + s.hint_discard + ', the hand marks ' + marked.map((b) => b.querySelector('img').alt) };
  }
  if (document.documentElement.scrollWidth > window.innerWidth) return { error: 'the page is wider than the window' };
  return { turned, last, handTiles: document.querySelectorAll('#hand button.tile').length };
})()`;

// One step of the person, by the page's controls only: win when a win is offered; when the
// riichi box is offered, tick it and discard the marked tile (or the rightmost it enables);
// pass when a claim is open; else discard the tile the hint marks (or the rightmost). Reports
// what it did and how the hand looked (locked, the hint), or an error: an illegal offer, a riichi
// box that enables other tiles than the declarations, no progress.
export const playStep = `(async () => {
  const s = jong.game.state;
  if (s.state !== 'waiting') return { did: s.state };
  const tiles = () => [...document.querySelectorAll('#hand button.tile:enabled')];
  const actions = [...document.querySelectorAll('#actions button')];
  const legal = (b) => Number(b.dataset.action) >= 0 && Number(b.dataset.action) < s.nlegal;
  for (const b of [...tiles(), ...actions])
    if (!legal(b)) return { error: 'illegal offer ' + b.dataset.action };
  const kind = (b) => Tiles.name(Number(b.querySelector('img').alt.replace('tile ', '')));
  const pick = (list) => list.find((b) => b.classList.contains('suggested')) || list.at(-1);
  const win = actions.find((b) => b.dataset.type === 'self_draw_win' || b.dataset.type === 'win');
  const pass = actions.find((b) => b.dataset.type === 'pass');
  const box = document.querySelector('#actions input[type=checkbox]');
  const offered = tiles().length;
  const drawnOnly = offered === 1 && tiles()[0] === [...document.querySelectorAll('#hand button.tile')].at(-1);
  const hand = document.getElementById('hand');
  const off = hand.querySelector('button.tile:disabled');
  const look = { locked: hand.classList.contains('locked'), offOpacity: off ? Number(getComputedStyle(off).opacity) : 1,
                 hint: document.getElementById('hint').textContent,
                 drawn: drawnOnly ? kind(tiles()[0]) : null, status: document.getElementById('status').textContent };
  if (win && s.hint_win !== (win.dataset.type === 'self_draw_win') && s.hint !== undefined)
    return { error: 'a win by self-draw is on offer and the hint says ' + s.hint };
  let did;
  if (win) {
    did = win.dataset.type;
    win.click();
  } else if (box) {
    box.click();
    // the box re-renders the hand: now only the discards that declare riichi are enabled
    const list = tiles();
    const enabled = [...new Set(list.map((b) => Number(b.dataset.action)))].sort((a, b) => a - b).join();
    const declares = [...new Set(s.hand.map((t) => t.declare).filter((i) => i >= 0))].sort((a, b) => a - b).join();
    if (!list.length || enabled !== declares)
      return { error: 'the riichi box enabled ' + enabled + ', not the declarations ' + declares };
    did = 'riichi';
    pick(list).click();
  } else if (pass) {
    did = 'pass';
    pass.click();
  } else if (offered) {
    did = 'discard';
    pick(tiles()).click();
  } else {
    return { error: 'nothing offered' };
  }
  const before = s.decision;
  for (const t0 = Date.now(); Date.now() - t0 < ${WAIT_MS} && jong.game.state.decision === before &&
                              jong.game.state.state === 'waiting';)
    await new Promise((r) => setTimeout(r, 20));
  if (jong.game.state.decision === before && jong.game.state.state === 'waiting')
    return { error: 'no progress in ${WAIT_MS / 1000} s after ' + did + ' at decision ' + before };
  return { did, offered, drawnOnly, look };
})()`;

// The end of a hand against the state: each win with the winner's hand (its tiles, the winning
// tile apart, melds), the items with their values adding up to the total, the ura indicators;
// at a draw the ready hands with their waits; the payments: every seat's change and score.
export const checkEnd = `(() => {
  const s = jong.game.state, e = s.end, src = ${src};
  const panel = document.getElementById('result');
  if (panel.hidden || !e) return { error: 'no end screen' };
  const boxes = [...panel.querySelectorAll('.end-win')];
  if (boxes.length !== e.wins.length) return { error: boxes.length + ' wins shown of ' + e.wins.length };
  const titles = [], items = [], totals = [];
  let ura = false;
  for (let i = 0; i < e.wins.length; i++) {
    const w = e.wins[i], box = boxes[i];
    const tiles = [...box.querySelectorAll('.end-hand .tiles img')].map((img) => img.getAttribute('src'));
    if (tiles.join() !== w.tiles.map((t) => src(t.tile, t.red)).join()) return { error: 'win ' + i + ': the hand shown ' + tiles };
    const winTile = box.querySelector('.end-hand .win-tile img');
    if (!winTile || winTile.getAttribute('src') !== src(w.win.tile, w.win.red)) return { error: 'win ' + i + ': the winning tile' };
    const count = w.tiles.length + 1 + w.melds.reduce((n, m) => n + Math.min(3, m.tiles.length), 0);
    if (w.win.tile < 34 && count !== (s.rules === 'riichi' ? 14 : 17)) return { error: 'win ' + i + ': a hand of ' + count + ' tiles' };
    if (box.querySelectorAll('.end-hand .meld').length !== w.melds.length) return { error: 'win ' + i + ': melds' };
    const rows = [...box.querySelectorAll('table.items tr')].map((r) => r.innerText.replace(/\\s+/g, ' ').trim());
    if (rows.length !== w.items.length || !w.items.length) return { error: 'win ' + i + ': items ' + rows.join('; ') };
    const sum = w.items.reduce((n, it) => n + it.value, 0);
    if (w.unit === 'tai' ? sum !== w.tai : !w.yakuman && sum !== w.han) return { error: 'win ' + i + ': the items add up to ' + sum };
    titles.push(box.querySelector('h3').textContent);
    items.push(...rows);
    const total = box.querySelector('.end-total').textContent;
    if (!(w.unit === 'tai' ? new RegExp('^' + w.tai + ' tai') : /^(\\d+ han \\d+ fu|(\\d+x )?yakuman).*: \\d+ points$/).test(total))
      return { error: 'win ' + i + ': total ' + total };
    totals.push(total);
    if (w.ura && w.ura.length) {
      const shown = [...box.querySelectorAll('.ura img')].map((img) => img.getAttribute('src'));
      if (shown.join() !== w.ura.map((t) => src(t.tile, t.red)).join()) return { error: 'win ' + i + ': ura ' + shown };
      ura = true;
    }
  }
  if (e.draw !== undefined) {
    const ready = [...panel.querySelectorAll('.ready')];
    if (ready.length !== e.ready.length) return { error: ready.length + ' ready hands shown of ' + e.ready.length };
    if (ready.some((r, i) => r.querySelectorAll('.waits img').length !== e.ready[i].waits.length || !e.ready[i].waits.length))
      return { error: 'a ready hand without its waits' };
  } else if (!e.wins.length) {
    return { error: 'neither a win nor a draw' };
  }
  const pay = [...panel.querySelectorAll('table.payments tr')].slice(1).map((r) => [...r.cells].map((c) => c.textContent));
  if (pay.length !== 4) return { error: 'payments: ' + pay.length + ' rows' };
  for (let k = 0; k < 4; k++)
    if (Number(pay[k][1]) !== e.deltas[k] || Number(pay[k][2]) !== s.seats[k].score)
      return { error: 'payments of seat ' + k + ': ' + pay[k].join(' ') + ' for ' + e.deltas[k] + ' -> ' + s.seats[k].score };
  const change = e.deltas.reduce((a, b) => a + b, 0);
  if (s.rules === 'taiwan' && change !== 0) return { error: 'the payments add up to ' + change };
  if (s.state === 'hand_over' && !document.getElementById('next')) return { error: 'no Next hand button' };
  return { wins: e.wins.length, draw: e.draw !== undefined ? 1 : 0, titles, items, totals, ura };
})()`;

// The end of the game: the standings best first with ranks 1-4, the scores of the state and,
// in riichi, the uma by rank and the results adding up to 0; the review button.
export const checkFinal = `(() => {
  const s = jong.game.state, f = s.final;
  if (s.state !== 'game_over' || !f) return { error: 'the game is not over' };
  const rows = [...document.querySelectorAll('#result table.standings tr')].slice(1).map((r) => [...r.cells].map((c) => c.textContent));
  if (rows.length !== 4) return { error: rows.length + ' standings' };
  for (let i = 0; i < 4; i++) {
    const st = f.standings[i];
    if (Number(rows[i][0]) !== i + 1 || Number(rows[i][2]) !== s.seats[st.seat].score || (i && st.score > f.standings[i - 1].score))
      return { error: 'standing ' + i + ': ' + rows[i].join(' ') };
    if (s.rules === 'riichi' && (Number(rows[i][3]) !== f.uma[i] || Number(rows[i][4]) !== st.points))
      return { error: 'riichi standing ' + i + ': ' + rows[i].join(' ') };
  }
  if (s.rules === 'riichi' && f.standings.reduce((n, st) => n + st.points, 0) !== 0) return { error: 'the results do not add up to 0' };
  if (!document.getElementById('review')) return { error: 'no review button' };
  return { text: rows.map((r) => r.join(' ')).join('; ') };
})()`;
