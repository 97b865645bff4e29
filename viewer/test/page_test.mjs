// The replay page as a person uses it, in headless Chromium: the demo run's
// page loads without errors, draws something, puts the player's marker where
// the trajectory says at the ticks scrubbed to, shows those ticks' numbers,
// has a timeline marker for every event; the moves page lists and inspects
// each move. Takes the screenshots of docs/viewer.md.
//   node viewer/test/page_test.mjs --transit PATH --work DIR [--screenshots DIR] [--source DIR]
import { mkdirSync, readFileSync, copyFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Checks, canvasPixels, launch, openViewer, run } from './browser.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) => {
  if (a.startsWith('--')) pairs.push([a.slice(2), all[i + 1]]);
  return pairs;
}, []));
const transit = resolve(args.transit || 'build/release/transit');
const work = resolve(args.work || 'build/viewer-test');
const source = resolve(args.source || '.');
mkdirSync(work, { recursive: true });
const checks = new Checks();

// Page size budget for the demo (docs/viewer.md).
const DEMO_PAGE_LIMIT = 2.5e6;
const MAGENTA = (r, g, b) => r > 235 && g < 30 && b > 235;

function project(view, global) {
  const m = view.matrix;
  const p = [global[0] - view.origin[0], global[1] - view.origin[1], global[2] - view.origin[2]];
  const x = m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12];
  const y = m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13];
  const w = m[3] * p[0] + m[7] * p[1] + m[11] * p[2] + m[15];
  return [((x / w + 1) / 2) * view.width, ((1 - y / w) / 2) * view.height];
}

function centroid(pixels, match) {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      const i = 4 * (y * pixels.width + x);
      if (match(pixels.data[i], pixels.data[i + 1], pixels.data[i + 2])) {
        sx += x + 0.5;
        sy += y + 0.5;
        n++;
      }
    }
  }
  return n ? { x: sx / n, y: sy / n, n } : null;
}

function pixelStatistics(pixels) {
  const colours = new Set();
  let sum = 0;
  let sum2 = 0;
  const n = pixels.width * pixels.height;
  for (let i = 0; i < 4 * n; i += 4) {
    const [r, g, b] = [pixels.data[i], pixels.data[i + 1], pixels.data[i + 2]];
    colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    sum += l;
    sum2 += l * l;
  }
  return { colours: colours.size, deviation: Math.sqrt(Math.max(0, sum2 / n - (sum / n) ** 2)) };
}

const fixed = (x, d = 3) => x.toFixed(d);
const vec = (v, d = 3) => (v ? `(${v.map((x) => fixed(Math.fround(x), d)).join(', ')})` : '—');

async function inspector(page) {
  return page.$$eval('#inspector tr', (rows) => Object.fromEntries(rows.map((r) => [r.dataset.key,
    r.querySelector('td').textContent])));
}

async function scrubTo(page, tick) {
  await page.$eval('#scrub', (s, t) => {
    s.value = String(t);
    s.dispatchEvent(new Event('input', { bubbles: true }));
  }, tick);
}

async function demoPage(browser) {
  const trajectoryFile = join(work, 'trajectory.json');
  const pageFile = join(work, 'demo.html');
  run(transit, ['simulate', '--out', trajectoryFile]);
  run(transit, ['view', '--trajectory', trajectoryFile, '--out', pageFile]);
  const trajectory = JSON.parse(readFileSync(trajectoryFile, 'utf8'));
  const size = statSync(pageFile).size;
  checks.check(size < DEMO_PAGE_LIMIT, `demo page is ${(size / 1e6).toFixed(2)} MB (limit ${DEMO_PAGE_LIMIT / 1e6} MB)`);

  const problems = [];
  const page = await openViewer(browser, pathToFileURL(pageFile).href, problems);
  await page.evaluate(() => window.transitViewer.render());
  const stats = pixelStatistics(await canvasPixels(browser, page));
  checks.check(stats.colours > 200 && stats.deviation > 12,
    `canvas is drawn (${stats.colours} colours, luminance deviation ${stats.deviation.toFixed(1)})`);
  await page.screenshot({ path: join(work, 'viewer-overview.png') });

  const names = Object.keys(trajectory.characters);
  const player = names.indexOf('player');
  const samples = trajectory.characters.player;
  await page.select('#character', String(player));
  await page.click('#follow');
  for (const tick of [0, 480, 1500, 2950, 3540, samples.length - 1]) {
    await scrubTo(page, tick);
    const view = await page.evaluate(() => window.transitViewer.render());
    const want = project(view, samples[tick].position.global);
    const got = centroid(await canvasPixels(browser, page), MAGENTA);
    const off = got ? Math.hypot(got.x - want[0], got.y - want[1]) : Infinity;
    checks.check(off <= 3, `tick ${tick}: the player's marker is ${off.toFixed(2)} px from where its trajectory ` +
      `position projects (${want.map((x) => x.toFixed(1)).join(', ')})`);
    const shown = await inspector(page);
    const s = samples[tick];
    const expected = {
      tick: String(tick),
      cell: s.position.cell,
      local: vec(s.position.local),
      global: vec(s.position.global),
      velocity: vec(s.velocity),
      heading: fixed(s.heading, 1),
      contact: s.contact ? 'yes' : 'no',
      on_walkable: s.on_walkable ? 'yes' : 'no',
      sliding_normal: vec(s.sliding_normal, 4),
      status: s.status,
    };
    const wrong = Object.entries(expected).filter(([k, v]) => !(shown[k] || '').startsWith(v));
    checks.check(wrong.length === 0, `tick ${tick}: the inspector shows the trajectory's numbers` +
      (wrong.length ? ` (differs: ${wrong.map(([k, v]) => `${k} "${shown[k]}" vs "${v}"`).join('; ')})` : ''));
    const plane = s.contact_plane;
    checks.check(plane ? shown.contact_plane.includes(vec(plane.normal, 4)) && shown.contact_plane.includes(plane.cell)
      : shown.contact_plane === '—', `tick ${tick}: the inspector shows the contact plane`);
  }

  let total = 0;
  for (let c = 0; c < names.length; c++) {
    await page.select('#character', String(c));
    const events = trajectory.events[names[c]];
    total += events.length;
    const marked = await page.$$eval('.event-marker', (ms) => ms.map((m) => [Number(m.dataset.tick), m.dataset.event]));
    const wanted = events.map((e) => [Math.round(e.t / trajectory.dt), e.event]);
    const same = marked.length === wanted.length && marked.every(([t, e], i) => t === wanted[i][0] && e === wanted[i][1]);
    checks.check(same, `${names[c]}: ${marked.length} timeline markers for its ${wanted.length} events, each at its tick`);
  }
  const inWorld = await page.evaluate(() => window.transitViewer.eventMarkerCount());
  checks.check(inWorld === total, `${inWorld} event markers in the 3-D view for ${total} events`);

  await screenshots(page, trajectory, player);
  checks.check(problems.length === 0, `demo page: no console error (${problems.join(' | ') || 'none'})`);
  await page.close();
}

// The pictures of docs/viewer.md: the stair hall and a wall slide close-up.
async function screenshots(page, trajectory, player) {
  await page.select('#character', String(player));
  const samples = trajectory.characters.player;
  const tickAt = (t) => Math.round(t / trajectory.dt);
  await scrubTo(page, tickAt(99));
  const hall = samples[tickAt(99)].position.global;
  await page.evaluate((g) => {
    window.transitViewer.setFollow(false);
    window.transitViewer.lookAt([g[0] - 9, g[1] - 11, g[2] + 9], [g[0], g[1] + 2, g[2]]);
  }, hall);
  await page.screenshot({ path: join(work, 'viewer-stair-hall.png') });
  // The first tick of the slide along the free-standing wall (t = 118 s) with a sliding normal.
  const from = tickAt(117.5);
  let tick = from;
  while (tick < from + 150 && !samples[tick].sliding_normal) tick++;
  checks.check(tick < from + 150, `the demo slides along the wall near t = 118 s (tick ${tick})`);
  await scrubTo(page, tick);
  const p = samples[tick].position.global;
  const n = samples[tick].sliding_normal || [0, -1, 0];
  await page.evaluate((q, m) => window.transitViewer.lookAt(
    [q[0] + 4.5 * m[0] - 2.5 * m[1], q[1] + 4.5 * m[1] + 2.5 * m[0], q[2] + 3], [q[0], q[1], q[2] + 0.9]), p, n);
  await page.screenshot({ path: join(work, 'viewer-wall-slide.png') });
}

async function movesPage(browser) {
  const dir = join(source, 'tests/scenarios/room-walls');
  const results = join(work, 'room-walls-results.json');
  const pageFile = join(work, 'room-walls.html');
  run(transit, ['move', join(dir, 'scene.json'), join(dir, 'moves.json'), '--out', results]);
  run(transit, ['view', join(dir, 'scene.json'), '--moves', results, '--out', pageFile]);
  const expected = JSON.parse(readFileSync(results, 'utf8')).results;
  const problems = [];
  const page = await openViewer(browser, pathToFileURL(pageFile).href, problems);
  const items = await page.$$('#moves li');
  checks.check(items.length === expected.length, `moves page lists ${items.length} of ${expected.length} moves`);
  for (let i = 0; i < Math.min(items.length, expected.length); i++) {
    await items[i].click();
    const shown = await inspector(page);
    const r = expected[i];
    const ok = shown.move === r.name && shown.end === `${r.position.cell} ${vec(r.position.local)}` &&
      shown.collision_normal === vec(r.collision_normal, 4) && shown.state === r.state;
    checks.check(ok, `move ${r.name}: the inspector shows its end, state and collision normal`);
  }
  await page.evaluate(() => window.transitViewer.render());
  const stats = pixelStatistics(await canvasPixels(browser, page));
  checks.check(stats.colours > 50, `moves page canvas is drawn (${stats.colours} colours)`);
  await page.screenshot({ path: join(work, 'viewer-moves.png') });
  checks.check(problems.length === 0, `moves page: no console error (${problems.join(' | ') || 'none'})`);
  await page.close();
}

const browser = await launch();
try {
  await demoPage(browser);
  await movesPage(browser);
} catch (e) {
  checks.check(false, `page test stopped: ${e.stack || e}`);
} finally {
  await browser.close();
}
if (args.screenshots) {
  mkdirSync(args.screenshots, { recursive: true });
  for (const name of ['viewer-overview.png', 'viewer-stair-hall.png', 'viewer-wall-slide.png', 'viewer-moves.png']) {
    try { copyFileSync(join(work, name), join(args.screenshots, name)); } catch { /* reported above */ }
  }
}
checks.finish();
