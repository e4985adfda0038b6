// The analysis tab: a hand analysed as `jong analyze` does, its discards and targets with the
// tiles drawn.
'use strict';

const Analyse = {
  // "5m", "0p" (a red five), "1z" (East) -> a picture (the analysis names tiles as the compact
  // notation does)
  tileOf(name) {
    const m = /^([0-9])([mpsz])$/.exec(name);
    const n = m ? Number(m[1]) : -1;
    if (m && m[2] === 'z' && n >= 1 && n <= 7) return Tiles.img(26 + n, 'small');
    if (m && m[2] !== 'z') return Tiles.img('mps'.indexOf(m[2]) * 9 + (n === 0 ? 4 : n - 1), 'small', n === 0);
    const span = document.createElement('span');
    span.textContent = name;
    return span;
  },

  tiles(names) {
    const span = document.createElement('span');
    span.className = 'tiles-inline';
    for (const n of names) span.appendChild(this.tileOf(n));
    return span;
  },

  // the hand as pictures, from the parsed counts of the answer's notation
  handPictures(hand) {
    const div = document.createElement('div');
    div.className = 'a-hand';
    const re = /([0-9]+)([mpsz])|\[([^\]]*)\]/g;
    let m;
    while ((m = re.exec(hand))) {
      if (m[3] !== undefined) {
        div.appendChild(this.handPictures(m[3])).className = 'a-meld';
        continue;
      }
      for (const d of m[1]) div.appendChild(this.tileOf(d + m[2]));
    }
    return div;
  },

  cell(row, content, tag) {
    const c = document.createElement(tag || 'td');
    if (content instanceof Node) c.appendChild(content);
    else c.textContent = content;
    row.appendChild(c);
    return c;
  },

  async run(ev, api) {
    ev.preventDefault();
    const out = document.getElementById('a-out');
    out.replaceChildren();
    const err = document.getElementById('a-error');
    err.hidden = true;
    try {
      const policy = document.getElementById('a-policy').value;
      const req = { hand: document.getElementById('a-hand').value, seen: document.getElementById('a-seen').value,
                    rules: document.getElementById('a-rules').value };
      if (policy) Object.assign(req, { chances: true, policy });
      const exchanges = document.getElementById('a-exchanges').value;
      if ((policy === 'win' || policy === 'points') && exchanges !== 'forward') req.exchanges = exchanges;
      const a = await api('POST', '/api/analyze', req);
      out.appendChild(this.handPictures(a.hand));
      const p = document.createElement('p');
      p.textContent = a.hand + ': ' + a.tiles + ' tiles, ' + (a.shanten.best <= 0 ? 'ready' : a.shanten.best + ' from ready') +
        ' (shanten ' + a.shanten.best + ', standard form ' + a.shanten.standard + '), blocks ' + a.blocks +
        (a.complete ? ', complete' : '');
      out.appendChild(p);
      if (a.ready) {
        const w = document.createElement('p');
        w.append('waits: ', this.tiles(a.waits));
        out.appendChild(w);
      }
      if (a.discards) {
        const t = document.createElement('table');
        t.className = 'an';
        const h = t.insertRow();
        for (const x of ['discard', 'from ready after', 'tiles that help', 'unseen']) this.cell(h, x, 'th');
        for (const r of a.discards) {
          const row = t.insertRow();
          this.cell(row, this.tileOf(r.discard));
          this.cell(row, r.shanten <= 0 ? 'ready' : r.shanten);
          this.cell(row, this.tiles(r.effective));
          this.cell(row, r.total);
        }
        out.appendChild(t);
      } else if (a.effective) {
        const q = document.createElement('p');
        q.append('tiles that help: ', this.tiles(a.effective.tiles), ' (' + a.effective.total + ' unseen)');
        out.appendChild(q);
      }
      if (a.simulation) this.chances(out, a.simulation);
      if (a.targets) this.targets(out, a);
    } catch (e) {
      err.textContent = e.message;
      err.hidden = false;
    }
  },

  // the chances of each discard (`jong analyze`'s table): exact rows by the model's dynamic
  // programming, the others simulated with their 95% intervals
  chances(out, sim) {
    const cap = document.createElement('p');
    cap.textContent = 'Chances of each discard, best first by expected points: ' + sim.draws +
      ' draws left, own draws only, policy ' + sim.policy +
      (sim.exchanges && sim.exchanges !== 'forward' ? ', exchanges within ' + sim.exchanges : '') + '; exact for the model up to shanten ' + sim.reach +
      ', simulated (' + sim.sims + ' draw sequences) beyond:';
    out.appendChild(cap);
    const t = document.createElement('table');
    t.className = 'an';
    t.id = 'a-chances';
    const h = t.insertRow();
    for (const x of ['discard', 'from ready after', 'tenpai', 'win', 'points', 'how']) this.cell(h, x, 'th');
    const pct = (e, exact) => (100 * e.value).toFixed(1) + '%' +
      (exact ? '' : ' [' + (100 * e.lo).toFixed(1) + ', ' + (100 * e.hi).toFixed(1) + ']');
    for (const r of sim.rows) {
      const row = t.insertRow();
      this.cell(row, this.tileOf(r.discard));
      this.cell(row, r.shanten <= 0 ? 'ready' : r.shanten);
      this.cell(row, pct(r.tenpai, r.exact));
      this.cell(row, pct(r.win, r.exact));
      this.cell(row, r.points.value.toFixed(0) + (r.exact ? '' : ' [' + r.points.lo.toFixed(0) + ', ' +
        r.points.hi.toFixed(0) + ']'));
      this.cell(row, (r.exact ? 'exact' : 'simulated, policy ' + r.policy) + (r.riichi ? ', riichi' : ''));
    }
    out.appendChild(t);
  },

  // what hand to aim for: the same rows as `jong analyze`, best first by chance x points
  targets(out, a) {
    const cap = document.createElement('p');
    cap.textContent = 'Targets (what hand to aim for), best first by chance x points, ' + a.draws +
      ' draws left; the chance is a rough model (own draws only):';
    out.appendChild(cap);
    const t = document.createElement('table');
    t.className = 'an';
    t.id = 'a-targets';
    const h = t.insertRow();
    for (const x of ['target', 'distance', 'value', 'points', 'chance', 'useful tiles (unseen)']) this.cell(h, x, 'th');
    for (const r of a.targets) {
      const row = t.insertRow();
      this.cell(row, r.name);
      if (r.distance === null) {
        this.cell(row, '-');
        continue;
      }
      this.cell(row, r.distance);
      this.cell(row, r.value + ' ' + r.value_unit);
      this.cell(row, r.points);
      this.cell(row, (100 * r.chance).toFixed(1) + '%');
      const useful = document.createElement('span');
      r.useful.tiles.forEach((k, i) => {
        useful.appendChild(this.tileOf(k));
        useful.append('\u00d7' + r.useful.unseen[i] + ' ');
      });
      if (r.useful.total) useful.append('= ' + r.useful.total);
      this.cell(row, useful);
    }
    out.appendChild(t);
  },
};
