// A browser plays a hand through the page of `jong web`, over the Chrome DevTools protocol
// (headless chromium, no other software): it starts a game from the form, discards the tile
// just drawn and passes on claims by clicking the page until the hand ends, takes a screenshot
// in the middle of the hand, checks that the page offers only legal actions, that an illegal
// or stale action and a second browser's token are refused without changing the game, and
// that the page loaded nothing from anywhere but the server.
// usage: node [--experimental-websocket] web_browser.mjs CHROMIUM BASE_URL SCREENSHOT.png
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [chromiumBin, base, shotPath] = process.argv.slice(2);
const profile = mkdtempSync(join(tmpdir(), 'jong-chromium-'));
const browser = spawn(chromiumBin, ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-extensions', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--disable-default-apps', '--remote-debugging-port=0', '--user-data-dir=' + profile,
  '--window-size=1100,900', 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
const deadline = setTimeout(() => finish('the browser test took more than 90 s'), 90000);

function finish(error) {
  clearTimeout(deadline);
  browser.kill('SIGKILL');
  try { rmSync(profile, { recursive: true, force: true }); } catch (e) { /* left for the OS */ }
  if (error) {
    console.log('FAIL web_browser: ' + error);
    process.exit(1);
  }
  console.log('web_browser: ok');
  process.exit(0);
}

const wsUrl = await new Promise((resolve, reject) => {
  let err = '';
  browser.stderr.on('data', (d) => {
    err += d;
    const m = err.match(/DevTools listening on (ws:\/\/\S+)/);
    if (m) resolve(m[1]);
  });
  browser.on('exit', () => reject(new Error('chromium exited: ' + err.slice(0, 300))));
}).catch((e) => finish(e.message));

const ws = new WebSocket(wsUrl);
await new Promise((r) => ws.addEventListener('open', r));
let nextId = 1;
const pending = new Map();
const requests = [];
ws.addEventListener('message', (ev) => {
  const msg = JSON.parse(ev.data);
  if (msg.id && pending.has(msg.id)) {
    const { resolve, reject } = pending.get(msg.id);
    pending.delete(msg.id);
    msg.error ? reject(new Error(JSON.stringify(msg.error))) : resolve(msg.result);
  } else if (msg.method === 'Network.requestWillBeSent') {
    requests.push(msg.params.request.url);
  }
});
function send(method, params = {}, sessionId) {
  const id = nextId++;
  ws.send(JSON.stringify({ id, method, params, sessionId }));
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

// A page in its own browser context (its own storage: another browser, as far as tokens go).
async function openPage() {
  const { browserContextId } = await send('Target.createBrowserContext');
  const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  await send('Network.enable', {}, sessionId);
  await send('Page.enable', {}, sessionId);
  await send('Page.navigate', { url: base + '/' }, sessionId);
  const page = {
    async eval(expr) {
      const r = await send('Runtime.evaluate', { expression: expr, awaitPromise: true, returnByValue: true }, sessionId);
      if (r.exceptionDetails) throw new Error('in the page: ' + JSON.stringify(r.exceptionDetails).slice(0, 300));
      return r.result.value;
    },
    async waitFor(expr, what) {
      for (let i = 0; i < 200; i++) {
        if (await page.eval(expr)) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('timed out waiting for ' + what);
    },
    async screenshot(path) {
      const { data } = await send('Page.captureScreenshot', { format: 'png' }, sessionId);
      writeFileSync(path, Buffer.from(data, 'base64'));
    },
  };
  await page.waitFor("document.readyState === 'complete' && document.getElementById('players').options.length > 0",
    'the page and its player list');
  return page;
}

// One step of the person: pass when a claim is open, else discard the rightmost offered tile.
const step = `(async () => {
  const s = jong.game.state;
  if (s.state !== 'waiting') return s.state;
  const enabled = [...document.querySelectorAll('#hand button.tile:enabled')];
  const actions = [...document.querySelectorAll('#actions button')];
  for (const b of [...enabled, ...actions])
    if (!(Number(b.dataset.action) >= 0 && Number(b.dataset.action) < s.nlegal)) return 'illegal offer ' + b.dataset.action;
  const pass = actions.find((b) => b.dataset.type === 'pass');
  const before = s.decision;
  if (pass) pass.click();
  else if (enabled.length) enabled[enabled.length - 1].click();
  else return 'nothing offered';
  for (let k = 0; k < 200 && jong.game.state.decision === before && jong.game.state.state === 'waiting'; k++)
    await new Promise((r) => setTimeout(r, 20));
  return jong.game.state.decision === before && jong.game.state.state === 'waiting' ? 'no progress' : 'ok';
})()`;

// fetch from inside a page: status and body of an API call with a given token
const call = (method, path, body, token) => `(async () => {
  const h = { 'Content-Type': 'application/json' };
  ${token === undefined ? '' : `h['X-Jong-Token'] = ${JSON.stringify(token)};`}
  const r = await fetch(${JSON.stringify(path)}, { method: ${JSON.stringify(method)}, headers: h,
                        body: ${body === undefined ? 'undefined' : JSON.stringify(JSON.stringify(body))} });
  return { status: r.status, body: await r.json() };
})()`;

try {
  const page = await openPage();
  await page.eval(`document.getElementById('hands').value = '1'; document.getElementById('seed').value = '21';
                   document.getElementById('start').click(); true`);
  await page.waitFor('jong.game.state !== null', 'the new game');
  const id = await page.eval('jong.game.id');
  const token = await page.eval('jong.game.token');
  const decision = await page.eval('jong.game.state.decision');

  // refused: an illegal action, a stale decision, another browser's token, no token
  let r = await page.eval(call('POST', `/api/games/${id}/act`, { action: 500, decision }, token));
  if (r.status !== 400 || !/not one of your/.test(r.body.error)) throw new Error('illegal action: ' + JSON.stringify(r));
  r = await page.eval(call('POST', `/api/games/${id}/act`, { action: 0, decision: decision + 3 }, token));
  if (r.status !== 409) throw new Error('stale decision: ' + JSON.stringify(r));
  const other = await openPage();
  await other.eval(`document.getElementById('start').click(); true`);
  await other.waitFor('jong.game.state !== null', "the other browser's game");
  const otherToken = await other.eval('jong.game.token');
  if (otherToken === token) throw new Error('two browsers got the same token');
  r = await other.eval(call('POST', `/api/games/${id}/act`, { action: 0, decision }, otherToken));
  if (r.status !== 403 || !/another browser/.test(r.body.error)) throw new Error('foreign token: ' + JSON.stringify(r));
  r = await other.eval(call('GET', `/api/games/${id}`, undefined, otherToken));
  if (r.status !== 403) throw new Error('foreign token may read: ' + JSON.stringify(r));
  r = await other.eval(call('POST', `/api/games/${id}/act`, { action: 0, decision }));
  if (r.status !== 403) throw new Error('no token: ' + JSON.stringify(r));
  r = await page.eval(call('GET', `/api/games/${id}`, undefined, token));
  if (r.status !== 200 || r.body.decision !== decision) throw new Error('a refused action changed the game');

  // the hint: the evaluator's best discards, shown when asked for
  await page.eval(`document.getElementById('show-hint').click(); true`);
  const hint = await page.eval("document.getElementById('hint').textContent");
  if (!/^hint: \S+ (\d-shanten|ready|win)\//.test(hint)) throw new Error('no hint shown: ' + hint);

  // play the hand by clicking
  let steps = 0, state = 'waiting';
  while (state === 'waiting') {
    if (++steps > 300) throw new Error('the hand did not end in 300 steps');
    const res = await page.eval(step);
    if (res !== 'ok' && res !== 'waiting') {
      if (res === 'hand_over' || res === 'game_over') break;
      throw new Error('step ' + steps + ': ' + res);
    }
    if (steps === 6) await page.screenshot(shotPath);
    state = await page.eval('jong.game.state.state');
  }
  const result = await page.eval("document.getElementById('result').innerText");
  if (!/wins|exhausted/.test(result)) throw new Error('no result shown: ' + result);
  if (steps < 6) await page.screenshot(shotPath);
  const foreign = requests.filter((u) => !u.startsWith(base + '/') && !u.startsWith('data:') &&
                                         !u.startsWith('blob:') && u !== 'about:blank');
  if (foreign.length) throw new Error('requests to other hosts: ' + foreign.slice(0, 3).join(' '));
  console.log(`web_browser: played a hand in ${steps} clicks; ${requests.length} requests, all to ${base}`);
  finish();
} catch (e) {
  finish(e.message);
}
