// The replay page with a crowd: 10,000 characters running and turning for
// 300 ticks over 3 x 3 landblocks, simulated and written as a page by
// `transit simulate --html`, then loaded and played in headless Chromium.
// Prints the page size, the load time, the time the page takes to move
// every character to a new tick, and frame intervals while playing.
//   node viewer/test/large_test.mjs --transit PATH --work DIR [--characters N] [--ticks N]
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Checks, launch, openViewer, run } from './browser.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) => {
  if (a.startsWith('--')) pairs.push([a.slice(2), all[i + 1]]);
  return pairs;
}, []));
const transit = resolve(args.transit || 'build/release/transit');
const work = resolve(args.work || 'build/viewer-large');
const count = Number(args.characters || 10000);
const ticks = Number(args.ticks || 300);
mkdirSync(work, { recursive: true });
const checks = new Checks();

// Rolling ground: heights from two sine waves, 3 x 3 landblocks.
function scene() {
  const landblocks = [];
  for (let bx = 0; bx < 3; bx++) {
    for (let by = 0; by < 3; by++) {
      const heights = [];
      for (let vx = 0; vx < 9; vx++) {
        for (let vy = 0; vy < 9; vy++) {
          const gx = bx * 8 + vx;
          const gy = by * 8 + vy;
          heights.push(20 + 3 * Math.sin(gx * 0.7) + 2 * Math.cos(gy * 0.5));
        }
      }
      landblocks.push({ x: 0x80 + bx, y: 0x80 + by, heights });
    }
  }
  const side = Math.ceil(Math.sqrt(count));
  const spacing = 560 / side;
  const characters = [];
  for (let i = 0; i < count; i++) {
    const gx = 0x80 * 192 + 8 + (i % side) * spacing;
    const gy = 0x80 * 192 + 8 + Math.floor(i / side) * spacing;
    characters.push({ name: `c${i}`, position: { global: [gx, gy, 40] }, heading: (i * 37) % 360 });
  }
  return { format: 'transit-scene/1', terrain: { landblocks }, characters };
}

function script() {
  const inputs = {};
  for (let i = 0; i < count; i++) {
    inputs[`c${i}`] = [{ t: 0, forward: i % 3 ? 'run' : 'walk', turn: ((i * 13) % 90) - 45 }];
  }
  return { format: 'transit-script/1', dt: 1 / 30, duration: ticks / 30, inputs };
}

writeFileSync(join(work, 'crowd.scene.json'), JSON.stringify(scene()));
writeFileSync(join(work, 'crowd.script.json'), JSON.stringify(script()));
const pageFile = join(work, 'crowd.html');
let started = Date.now();
run(transit, ['simulate', join(work, 'crowd.scene.json'), '--script', join(work, 'crowd.script.json'),
  '--threads', '2', '--html', pageFile]);
console.log(`simulated and written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const size = statSync(pageFile).size;
console.log(`page: ${(size / 1e6).toFixed(1)} MB for ${count} characters x ${ticks + 1} samples ` +
  `(${(size / count / (ticks + 1)).toFixed(1)} bytes a character-tick)`);

const browser = await launch();
try {
  const problems = [];
  started = Date.now();
  const page = await openViewer(browser, pathToFileURL(pageFile).href, problems);
  const loadSeconds = (Date.now() - started) / 1000;
  console.log(`loaded in ${loadSeconds.toFixed(1)} s`);
  const figures = await page.evaluate(async (n) => {
    const v = window.transitViewer;
    // Moving every character to a new tick, without drawing.
    let t0 = performance.now();
    for (let k = 0; k < n; k++) v.setTick(k);
    const update = (performance.now() - t0) / n;
    // The same with a draw of each tick, waited for (a one-pixel read back).
    const gl = document.getElementById('canvas').getContext('webgl2');
    const pixel = new Uint8Array(4);
    t0 = performance.now();
    for (let k = 0; k < 5; k++) {
      v.setTick(k);
      v.render();
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    }
    const draw = (performance.now() - t0) / 5;
    // Playing for 3 s: frame intervals and ticks advanced.
    v.setTick(0);
    v.play(true);
    const stamps = [];
    await new Promise((done) => {
      const step = (time) => { stamps.push(time); if (time - stamps[0] < 3000) requestAnimationFrame(step); else done(); };
      requestAnimationFrame(step);
    });
    v.play(false);
    const gaps = stamps.slice(1).map((s, i) => s - stamps[i]).sort((a, b) => a - b);
    return { update, draw, frames: gaps.length, median: gaps[Math.floor(gaps.length / 2)], ticks: v.tick() };
  }, Math.min(ticks, 100));
  console.log(`moving ${count} characters to a tick: ${figures.update.toFixed(2)} ms; with a draw ` +
    `(software WebGL): ${figures.draw.toFixed(1)} ms`);
  console.log(`playing 3 s: ${figures.frames} frames, median interval ${figures.median.toFixed(1)} ms, ` +
    `reached tick ${figures.ticks}`);
  checks.check(figures.update < 16, `moving every character to a tick takes under a 60 Hz frame (${figures.update.toFixed(2)} ms)`);
  checks.check(figures.ticks > 0, 'the crowd plays');
  checks.check(problems.length === 0, `no console error (${problems.join(' | ') || 'none'})`);
} finally {
  await browser.close();
}
checks.finish();
