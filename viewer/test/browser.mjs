// Shared by the page tests: Debian's Chromium, headless, driven by
// puppeteer-core; screenshots decoded by the browser itself.
import puppeteer from 'puppeteer-core';
import { spawnSync } from 'node:child_process';

export function chromiumPath() {
  return process.env.CHROMIUM || '/usr/bin/chromium';
}

export async function launch() {
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Software WebGL (no GPU on CI) and no background traffic.
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-extensions'],
  });
}

// Opens `url` and waits for the viewer; `problems` collects console errors
// and uncaught exceptions.
export async function openViewer(browser, url, problems, viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage();
  await page.setViewport(viewport);
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  await page.goto(url, { waitUntil: 'load', timeout: 120000 });
  await page.waitForFunction(() => window.transitViewer && window.transitViewer.ready, { timeout: 120000 });
  return page;
}

// The canvas as RGBA pixels: a screenshot (what a person sees), decoded by
// drawing it on a 2-D canvas in a blank page.
export async function canvasPixels(browser, page) {
  const canvas = await page.$('#canvas');
  const png = await canvas.screenshot({ encoding: 'base64' });
  const decoder = await browser.newPage();
  const result = await decoder.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let s = '';
    for (let i = 0; i < d.length; i += 8192) s += String.fromCharCode.apply(null, d.subarray(i, i + 8192));
    return { width: c.width, height: c.height, data: btoa(s) };
  }, png);
  await decoder.close();
  return { width: result.width, height: result.height, data: Buffer.from(result.data, 'base64') };
}

export function run(command, args) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status}): ${r.stderr}${r.stdout}`);
  return r;
}

// Checks counted, failures listed; ends with the plain "N passed, N failed" line.
export class Checks {
  constructor() {
    this.passed = 0;
    this.failures = [];
  }

  check(ok, what) {
    if (ok) this.passed++;
    else this.failures.push(what);
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  }

  finish() {
    console.log(`${this.passed} passed, ${this.failures.length} failed`);
    process.exitCode = this.failures.length ? 1 : 0;
  }
}
