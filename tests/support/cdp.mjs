// Headless chromium driven over the Chrome DevTools protocol (no other software): start it,
// open pages each in its own browser context (its own storage: another browser, as far as the
// web page's tokens go), evaluate in a page, wait for a condition, size the window, screenshot.
// Every wait has a deadline of JONG_TEST_WAIT seconds (120 by default, as tests/support/wait.sh)
// and names what it awaited and what it saw when it runs out.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const WAIT_MS = (Number(process.env.JONG_TEST_WAIT) || 120) * 1000;

export async function startChromium(bin) {
  const profile = mkdtempSync(join(tmpdir(), 'jong-chromium-'));
  const browser = spawn(bin, ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
    '--disable-extensions', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--disable-default-apps', '--hide-scrollbars', '--remote-debugging-port=0',
    '--user-data-dir=' + profile, '--window-size=1920,1080', 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const cdp = { browser, profile, requests: [], doing: 'starting chromium', nextId: 1, pending: new Map() };
  cdp.close = () => {
    browser.kill('SIGKILL');
    try { rmSync(profile, { recursive: true, force: true }); } catch (e) { /* left for the OS */ }
  };
  const wsUrl = await new Promise((resolve, reject) => {
    let err = '';
    browser.stderr.on('data', (d) => {
      err += d;
      const m = err.match(/DevTools listening on (ws:\/\/\S+)/);
      if (m) resolve(m[1]);
    });
    browser.on('exit', () => reject(new Error('chromium exited: ' + err.slice(0, 300))));
  });
  const ws = new WebSocket(wsUrl);
  await new Promise((r) => ws.addEventListener('open', r));
  ws.addEventListener('message', (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.id && cdp.pending.has(msg.id)) {
      const { resolve, reject } = cdp.pending.get(msg.id);
      cdp.pending.delete(msg.id);
      msg.error ? reject(new Error(JSON.stringify(msg.error))) : resolve(msg.result);
    } else if (msg.method === 'Network.requestWillBeSent') {
      cdp.requests.push(msg.params.request.url);
    }
  });
  cdp.send = (method, params = {}, sessionId) => {
    const id = cdp.nextId++;
    ws.send(JSON.stringify({ id, method, params, sessionId }));
    return new Promise((resolve, reject) => cdp.pending.set(id, { resolve, reject }));
  };
  return cdp;
}

// A page at url in a browser context of its own, once `ready` (an expression) is true.
export async function openPage(cdp, url, ready) {
  const { send } = cdp;
  const { browserContextId } = await send('Target.createBrowserContext');
  const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  await send('Network.enable', {}, sessionId);
  await send('Page.enable', {}, sessionId);
  const page = {
    sessionId,
    async eval(expr) {
      const r = await send('Runtime.evaluate', { expression: expr, awaitPromise: true, returnByValue: true }, sessionId);
      if (r.exceptionDetails) throw new Error('in the page: ' + JSON.stringify(r.exceptionDetails).slice(0, 400));
      return r.result.value;
    },
    // until expr is true (an exception in the page, e.g. while it loads, counts as not yet)
    async waitFor(expr, what, seenExpr = 'document.readyState') {
      cdp.doing = 'waiting for ' + what;
      const t0 = Date.now();
      let seen = '';
      for (;;) {
        try {
          if (await page.eval(expr)) return;
          seen = await page.eval(seenExpr);
        } catch (e) {
          seen = e.message.slice(0, 200);
        }
        if (Date.now() - t0 > WAIT_MS) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`timed out after ${WAIT_MS / 1000} s waiting for ${what}; seen: ${seen}`);
    },
    // the window's size in CSS pixels (the page lays itself out again)
    async size(width, height) {
      await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false }, sessionId);
      await new Promise((r) => setTimeout(r, 100));
    },
    // the whole page, as tall as its content, at the window's width
    async screenshot(path) {
      const m = await send('Page.getLayoutMetrics', {}, sessionId);
      const width = Math.ceil(m.cssLayoutViewport.clientWidth);
      const height = Math.ceil(Math.max(m.cssContentSize.height, m.cssLayoutViewport.clientHeight));
      const { data } = await send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true,
        clip: { x: 0, y: 0, width, height, scale: 1 } }, sessionId);
      writeFileSync(path, Buffer.from(data, 'base64'));
    },
  };
  await send('Page.navigate', { url }, sessionId);
  await page.waitFor(ready, 'the page at ' + url);
  return page;
}
