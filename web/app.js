// The page of `jong web`: plays one game through the JSON API of the server that served it,
// and analyses hands. The game's token stays in this tab (sessionStorage) and goes with every
// request as X-Jong-Token; the server refuses requests without it.
'use strict';

const $ = (id) => document.getElementById(id);
const game = { id: null, token: null, state: null, declaring: false, timer: null };
const WINDS = { E: 'East', S: 'South', W: 'West', N: 'North' };

function tileImg(code, cls, red) {
  const img = document.createElement('img');
  img.src = '/tile/' + code + (red ? 'r' : '') + '.svg';
  img.className = 't' + (cls ? ' ' + cls : '');
  img.alt = 'tile ' + code;
  return img;
}

function showError(el, msg) {
  el.textContent = msg || '';
  el.hidden = !msg;
}

async function api(method, path, body) {
  const headers = { 'Content-Type': 'application/json' };
  if (game.token) headers['X-Jong-Token'] = game.token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: 'the server sent no JSON (' + res.status + ')' }; }
  if (!res.ok) throw new Error(data.error || ('HTTP ' + res.status));
  return data;
}

function seatBox(seat, state) {
  const box = document.createElement('div');
  box.className = 'seat' + (seat.you ? ' me' : '');
  box.dataset.seat = seat.seat;
  const who = document.createElement('div');
  who.className = 'who';
  who.textContent = WINDS[seat.wind] + (seat.dealer ? ' (dealer)' : '') + ': ' + seat.player +
    ' \u2014 ' + seat.score + (seat.riichi ? ' \u2014 riichi' : '') + (seat.you ? '' : ' \u2014 ' + seat.concealed + ' tiles');
  box.appendChild(who);
  const extra = document.createElement('div');
  extra.className = 'tiles';
  for (const f of seat.flowers) extra.appendChild(tileImg(f));
  for (const m of seat.melds) {
    const span = document.createElement('span');
    span.className = 'meld';
    span.title = m.type;
    for (const t of m.tiles) span.appendChild(tileImg(t.tile, '', t.red));
    extra.appendChild(span);
  }
  box.appendChild(extra);
  const river = document.createElement('div');
  river.className = 'tiles river';
  // riichi: red fives red, the discard that declared riichi turned sideways
  for (const d of seat.discards) {
    const img = tileImg(d.tile, [d.claimed ? 'claimed' : '', d.riichi ? 'riichi' : ''].join(' ').trim(), d.red);
    if (d.riichi) img.title = 'declared riichi';
    river.appendChild(img);
  }
  box.appendChild(river);
  return box;
}

function render(state) {
  game.state = state;
  $('table').hidden = false;
  const left = state.time_left === null ? '' : '  \u2014 ' + Math.ceil(state.time_left) + ' s left';
  $('info').textContent = (state.rules === 'taiwan' ? 'Taiwanese' : 'Riichi') + ' \u2014 hand ' + state.hand_number +
    ', round ' + WINDS[state.round] + ' \u2014 wall ' + state.wall + ' \u2014 seed ' + state.seed + left;
  if (state.dora_markers) {
    // riichi: the honba, the sticks on the table and the dora indicators
    $('info').append(' \u2014 honba ' + state.honba + ', riichi sticks ' + state.sticks + ' \u2014 dora indicators ');
    for (const d of state.dora_markers) $('info').appendChild(tileImg(d.tile, '', d.red));
  }
  const seats = $('seats');
  seats.replaceChildren();
  // the seat across at the top, left and right beside, yours last
  const order = [2, 3, 1, 0].map((k) => state.seats[(state.seat + k) % 4]);
  for (const s of order) seats.appendChild(seatBox(s, state));

  const hand = $('hand');
  hand.replaceChildren();
  // after riichi the hand is locked: only the tile drawn (or a win or kan) may be played
  const me = state.seats[state.seat];
  const locked = state.state === 'waiting' && me.riichi && state.hand.some((t) => t.discard >= 0);
  hand.classList.toggle('locked', locked);
  state.hand.forEach((t, i) => {
    if (state.drawn_apart && i === state.hand.length - 1) {
      const gap = document.createElement('span');
      gap.className = 'gap';
      hand.appendChild(gap);
    }
    const b = document.createElement('button');
    b.className = 'tile';
    const index = game.declaring ? t.declare : t.discard;
    b.disabled = index < 0;
    b.dataset.action = index;
    b.appendChild(tileImg(t.tile, '', t.red));
    b.addEventListener('click', () => act(index));
    hand.appendChild(b);
  });

  const actions = $('actions');
  actions.replaceChildren();
  for (const a of state.actions) {
    const b = document.createElement('button');
    b.textContent = a.text;
    b.dataset.action = a.index;
    b.dataset.type = a.type;
    b.addEventListener('click', () => act(a.index));
    actions.appendChild(b);
  }
  if (state.hand.some((t) => t.declare >= 0)) {
    const l = document.createElement('label');
    const c = document.createElement('input');
    c.type = 'checkbox';
    c.checked = game.declaring;
    c.addEventListener('change', () => { game.declaring = c.checked; render(game.state); });
    l.append(c, ' riichi with the next discard');
    actions.appendChild(l);
  }

  // riichi: furiten (no ron) and why
  const why = { discard: 'a wait is among your discards', passed: 'you passed a win since your last discard',
                riichi: 'you passed a win after riichi' };
  const furiten = state.state === 'waiting' && state.furiten && state.furiten.length ? state.furiten : [];
  $('furiten').textContent = furiten.length ? 'Furiten: no win on a discard (' + furiten.map((f) => why[f]).join('; ') + ')' : '';
  $('furiten').hidden = !furiten.length;
  $('hint').textContent = $('show-hint').checked && state.hint && state.state === 'waiting' ? state.hint : '';
  const status = $('status');
  if (state.state === 'waiting') {
    const discards = state.hand.some((t) => t.discard >= 0);
    status.textContent = locked ? 'Your turn: riichi locks your hand, only the tile drawn may go' +
      (state.actions.length ? ', or choose an action' : '') : discards ? 'Your turn: click a tile to discard it' +
      (state.actions.length ? ', or choose an action' : '') : 'A claim is open: choose an action or pass';
  } else {
    status.textContent = state.state === 'game_over' ? 'The game is over.' : 'The hand is over.';
  }
  const result = $('result');
  result.replaceChildren();
  result.hidden = state.state === 'waiting';
  if (!result.hidden) {
    for (const line of state.result || []) {
      const p = document.createElement('div');
      p.textContent = line;
      // the ura-dora indicators as tiles beside their line
      if (/^ura-dora indicators?:/.test(line) && state.ura_markers && state.ura_markers.length) {
        p.className = 'ura';
        p.textContent = line.replace(/:.*/, ': ');
        for (const u of state.ura_markers) p.appendChild(tileImg(u.tile, '', u.red));
      }
      result.appendChild(p);
    }
    if (state.state === 'hand_over') {
      const b = document.createElement('button');
      b.id = 'next';
      b.textContent = 'Next hand';
      b.addEventListener('click', nextHand);
      result.appendChild(b);
    }
  }
  const log = $('log');
  log.replaceChildren();
  for (const line of state.log) {
    const li = document.createElement('li');
    li.textContent = line;
    log.appendChild(li);
  }
  clearTimeout(game.timer);
  if (state.time_left !== null && state.state === 'waiting') game.timer = setTimeout(refresh, 1000);
}

async function run(step) {
  try {
    showError($('error'), '');
    render(await step());
  } catch (e) {
    showError($('error'), e.message);
  }
}

function act(index) {
  if (index < 0 || !game.state) return;
  const decision = game.state.decision;
  game.declaring = false;
  return run(() => api('POST', '/api/games/' + game.id + '/act', { action: index, decision }));
}

function nextHand() { return run(() => api('POST', '/api/games/' + game.id + '/next')); }
function refresh() { return run(() => api('GET', '/api/games/' + game.id)); }

async function newGame(ev) {
  ev.preventDefault();
  const body = { rules: $('rules').value, players: $('players').value, seat: Number($('seat').value),
                 hands: Number($('hands').value) };
  if ($('seed').value !== '') body.seed = Number($('seed').value);
  game.token = null;
  await run(async () => {
    const state = await api('POST', '/api/games', body);
    game.id = state.game;
    game.token = state.token;
    sessionStorage.setItem('jong-game', JSON.stringify({ id: game.id, token: game.token }));
    return state;
  });
}

async function downloadRecord(ev) {
  ev.preventDefault();
  const res = await fetch('/api/games/' + game.id + '/record', { headers: { 'X-Jong-Token': game.token } });
  if (!res.ok) return showError($('error'), 'the record is not available');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'jong-' + game.id + '.jsonl';
  a.click();
  URL.revokeObjectURL(url);
}

// ---- analysis --------------------------------------------------------------------------------

function cell(row, text, tag) {
  const c = document.createElement(tag || 'td');
  c.textContent = text;
  row.appendChild(c);
}

async function analyze(ev) {
  ev.preventDefault();
  const out = $('a-out');
  out.replaceChildren();
  try {
    showError($('a-error'), '');
    const a = await api('POST', '/api/analyze', { hand: $('a-hand').value, seen: $('a-seen').value,
                                                 rules: $('a-rules').value });
    const p = document.createElement('p');
    p.textContent = a.hand + ': ' + a.tiles + ' tiles, shanten ' + a.shanten.best +
      ' (standard ' + a.shanten.standard + '), blocks ' + a.blocks +
      (a.complete ? ', complete' : '') + (a.ready ? ', ready on ' + a.waits.join(' ') : '');
    out.appendChild(p);
    if (a.discards) {
      const t = document.createElement('table');
      t.className = 'an';
      const h = t.insertRow();
      for (const x of ['discard', 'shanten after', 'effective tiles', 'unseen']) cell(h, x, 'th');
      for (const r of a.discards) {
        const row = t.insertRow();
        cell(row, r.discard);
        cell(row, r.shanten);
        cell(row, r.effective.join(' '));
        cell(row, r.total);
      }
      out.appendChild(t);
    } else if (a.effective) {
      const q = document.createElement('p');
      q.textContent = 'effective tiles: ' + a.effective.tiles.join(' ') + ' (' + a.effective.total + ' unseen)';
      out.appendChild(q);
    }
    if (a.targets) {
      // What hand to aim for: the same rows as `jong analyze`, best first by chance x points.
      const cap = document.createElement('p');
      cap.textContent = 'Targets (what hand to aim for), best first by chance x points, ' + a.draws +
        ' draws left; the chance is a rough model (own draws only):';
      out.appendChild(cap);
      const t = document.createElement('table');
      t.className = 'an';
      t.id = 'a-targets';
      const h = t.insertRow();
      for (const x of ['target', 'distance', 'value', 'points', 'chance', 'useful tiles (unseen)']) cell(h, x, 'th');
      for (const r of a.targets) {
        const row = t.insertRow();
        cell(row, r.name);
        if (r.distance === null) {
          cell(row, '-');
          continue;
        }
        cell(row, r.distance);
        cell(row, r.value + ' ' + r.value_unit);
        cell(row, r.points);
        cell(row, (100 * r.chance).toFixed(1) + '%');
        cell(row, r.useful.tiles.map((k, i) => k + '(' + r.useful.unseen[i] + ')').join(' ') +
          (r.useful.total ? ' = ' + r.useful.total : ''));
      }
      out.appendChild(t);
    }
  } catch (e) {
    showError($('a-error'), e.message);
  }
}

function tab(which) {
  $('play').hidden = which !== 'play';
  $('analyze').hidden = which !== 'analyze';
  $('tab-play').classList.toggle('active', which === 'play');
  $('tab-analyze').classList.toggle('active', which === 'analyze');
}

// Each player plays one family of rules or both: offer only those that play the chosen rules.
function offerPlayersFor() {
  const rules = $('rules').value;
  for (const o of $('players').options) {
    o.disabled = !o.dataset.rules.split(' ').includes(rules);
    if (o.disabled && o.selected) $('players').value = 'best';
  }
}

async function init() {
  $('new-game').addEventListener('submit', newGame);
  $('rules').addEventListener('change', offerPlayersFor);
  $('analyze-form').addEventListener('submit', analyze);
  $('record').addEventListener('click', downloadRecord);
  $('show-hint').addEventListener('change', () => game.state && render(game.state));
  $('tab-play').addEventListener('click', () => tab('play'));
  $('tab-analyze').addEventListener('click', () => tab('analyze'));
  try {
    const info = await api('GET', '/api/info');
    for (const p of info.players) {
      const o = document.createElement('option');
      o.value = p.name;
      o.textContent = p.name;
      o.title = p.summary;
      o.dataset.rules = (p.rules || []).join(' ');
      if (p.name === 'best') o.selected = true;
      $('players').appendChild(o);
    }
    offerPlayersFor();
  } catch (e) {
    showError($('error'), e.message);
  }
  const saved = JSON.parse(sessionStorage.getItem('jong-game') || 'null');
  if (saved) {
    game.id = saved.id;
    game.token = saved.token;
    refresh();
  }
}

window.jong = { game, act, nextHand, refresh, render };
init();

// A full server drops the game idle longest (past 5 minutes, jong web --help): an open page
// tells it once a minute that its game is still wanted. The answer is not shown.
setInterval(() => { if (game.id) api('GET', '/api/games/' + game.id).catch(() => {}); }, 60000);
