// The page of `jong web`: plays one game through the JSON API of the server that served it,
// and analyses hands. The game's token stays in this tab (sessionStorage) and goes with every
// request as X-Jong-Token; the server refuses requests without it. The table is drawn by
// table.js, the end screens by end.js, the analysis tab by analyze.js, tiles by tiles.js.
'use strict';

const $ = (id) => document.getElementById(id);
const game = { id: null, token: null, state: null, declaring: false, timer: null };

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

// your hand (the tile just drawn apart), your melds beside it, the hint's tile marked
function drawHand(state, locked) {
  const hand = $('hand');
  hand.replaceChildren();
  hand.classList.toggle('locked', locked);
  const hinted = $('show-hint').checked && state.state === 'waiting' ? state.hint_discard : -1;
  let marked = false;
  state.hand.forEach((t, i) => {
    if (state.drawn_apart && i === state.hand.length - 1) hand.appendChild(Object.assign(document.createElement('span'), { className: 'gap' }));
    const b = document.createElement('button');
    b.className = 'tile';
    const index = game.declaring ? t.declare : t.discard;
    b.disabled = index < 0;
    b.dataset.action = index;
    b.appendChild(Tiles.img(t.tile, '', t.red));
    b.title = (index >= 0 ? 'discard ' : '') + Tiles.name(t.tile, t.red);
    // the hint's discard: the rightmost copy that may go
    if (t.tile === hinted && index >= 0 && !state.hand.slice(i + 1).some((u) => u.tile === hinted && (game.declaring ? u.declare : u.discard) >= 0)) {
      b.classList.add('suggested');
      marked = true;
    }
    b.addEventListener('click', () => act(index));
    hand.appendChild(b);
  });
  hand.classList.toggle('hinted', marked);
  const melds = $('my-melds');
  melds.replaceChildren();
  const me = state.seats[state.seat];
  for (const m of me.melds) melds.appendChild(Tiles.meld(m.tiles, 'mine'));
  for (const f of me.flowers) melds.appendChild(Tiles.img(f, 'flower mine'));
}

function drawActions(state) {
  const actions = $('actions');
  actions.replaceChildren();
  for (const a of state.actions) {
    const b = document.createElement('button');
    b.textContent = a.text;
    b.dataset.action = a.index;
    b.dataset.type = a.type;
    if (a.type === 'win' || a.type === 'self_draw_win') b.className = 'win';
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
}

function drawStatus(state, locked) {
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
}

function drawLog(state) {
  const log = $('log');
  log.replaceChildren();
  for (const line of state.log) {
    const li = document.createElement('li');
    li.textContent = line;
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight; // the latest events in sight
}

function render(state) {
  game.state = state;
  $('table').hidden = false;
  $('intro').hidden = true;
  // after riichi the hand is locked: only the tile drawn (or a win or kan) may be played
  const me = state.seats[state.seat];
  const locked = state.state === 'waiting' && me.riichi && state.hand.some((t) => t.discard >= 0);
  Table.draw(state);
  drawHand(state, locked);
  drawActions(state);
  drawStatus(state, locked);
  End.draw(state, nextHand, review);
  drawLog(state);
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
  if ($('preset').value !== '') body.preset = $('preset').value;
  game.token = null;
  await run(async () => {
    const state = await api('POST', '/api/games', body);
    game.id = state.game;
    game.token = state.token;
    sessionStorage.setItem('jong-game', JSON.stringify({ id: game.id, token: game.token }));
    return state;
  });
}

// A file the server sends for this game (it needs the token, so no plain link): the record to
// save, or the review to open in a new tab.
async function fetchFile(path, name, open) {
  const res = await fetch(path, { headers: { 'X-Jong-Token': game.token } });
  if (!res.ok) {
    let msg = 'HTTP ' + res.status;
    try { msg = (await res.json()).error || msg; } catch (e) { /* not JSON */ }
    throw new Error(msg);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  if (open) a.target = '_blank';
  else a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

async function downloadRecord(ev) {
  ev.preventDefault();
  try {
    await fetchFile('/api/games/' + game.id + '/record', 'jong-' + game.id + '.jsonl', false);
  } catch (e) {
    showError($('error'), 'the record is not available: ' + e.message);
  }
}

async function review() {
  const b = $('review');
  const text = b.textContent;
  b.disabled = true;
  b.textContent = 'Reviewing your discards\u2026';
  try {
    await fetchFile('/api/games/' + game.id + '/review', 'jong-review-' + game.id + '.html', true);
  } catch (e) {
    showError($('error'), 'no review: ' + e.message);
  }
  b.disabled = false;
  b.textContent = text;
}

function tab(which) {
  $('play').hidden = which !== 'play';
  $('analyze').hidden = which !== 'analyze';
  $('tab-play').classList.toggle('active', which === 'play');
  $('tab-analyze').classList.toggle('active', which === 'analyze');
}

// Each player plays one family of rules or both, and each rule preset is for one: offer only
// those of the chosen rules.
function offerPlayersFor() {
  const rules = $('rules').value;
  for (const o of $('players').options) {
    o.disabled = !o.dataset.rules.split(' ').includes(rules);
    if (o.disabled && o.selected) $('players').value = 'best';
  }
  for (const o of $('preset').options) {
    o.disabled = !o.dataset.rules.split(' ').includes(rules);
    if (o.disabled && o.selected) $('preset').value = '';
  }
}

async function init() {
  $('new-game').addEventListener('submit', newGame);
  $('rules').addEventListener('change', offerPlayersFor);
  $('analyze-form').addEventListener('submit', (ev) => Analyse.run(ev, api));
  $('record').addEventListener('click', downloadRecord);
  $('show-hint').addEventListener('change', () => game.state && render(game.state));
  $('tab-play').addEventListener('click', () => tab('play'));
  $('tab-analyze').addEventListener('click', () => tab('analyze'));
  $('tile-style').value = Tiles.style;
  $('tile-style').addEventListener('change', () => {
    Tiles.setStyle($('tile-style').value);
    if (game.state) render(game.state);
  });
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
    for (const p of info.presets || []) {
      const o = document.createElement('option');
      o.value = p.name;
      o.textContent = p.name;
      o.title = p.options || 'the defaults';
      o.dataset.rules = p.rules;
      $('preset').appendChild(o);
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
