// Builds the replay page at transit's build time: bundles src/main.js with
// three.js (esbuild, from the npm registry through scripts/install-deps),
// inlines it and the style into src/page.html, and writes the page as a C++
// source that `transit view` fills with data.
//   node viewer/build.mjs OUT.cpp [OUT.html]
import { build } from 'esbuild';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [outCpp, outTemplate] = process.argv.slice(2);
if (!outCpp) {
  console.error('usage: node viewer/build.mjs OUT.cpp [OUT.html]');
  process.exit(2);
}

const bundle = await build({
  entryPoints: [join(here, 'src/main.js')],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  charset: 'ascii',
  legalComments: 'none',
  write: false,
  logLevel: 'warning',
});
const script = bundle.outputFiles[0].text;
const style = readFileSync(join(here, 'src/style.css'), 'utf8');
const template = readFileSync(join(here, 'src/page.html'), 'utf8');

// An inline script ends at the first "</script": the bundle must not hold one.
if (/<\/script/i.test(script)) throw new Error('the bundle contains "</script"');
const page = template.replace('/*TRANSIT_STYLE*/', () => style).replace('/*TRANSIT_SCRIPT*/', () => script);
if (!page.includes('<!--TRANSIT_DATA-->')) throw new Error('page.html has no <!--TRANSIT_DATA--> marker');

// Raw string literals of at most 16,000 characters (compilers' limits on one literal).
const delimiter = 'tv(';
const parts = [];
for (let i = 0; i < page.length; i += 16000) parts.push(page.slice(i, i + 16000));
if (parts.some((p) => p.includes(')tv"'))) throw new Error('the page contains the literal delimiter');
const cpp = [
  '// Written by viewer/build.mjs: the replay page (docs/viewer.md). Do not edit.',
  '#include <cstddef>',
  'namespace transit::view {',
  'extern const char* const kViewerPageParts[];',
  'extern const std::size_t kViewerPagePartCount;',
  'const char* const kViewerPageParts[] = {',
  ...parts.map((p) => `R"${delimiter}${p})tv",`),
  '};',
  `const std::size_t kViewerPagePartCount = ${parts.length};`,
  '}  // namespace transit::view',
  '',
].join('\n');
mkdirSync(dirname(outCpp), { recursive: true });
writeFileSync(outCpp, cpp);
if (outTemplate) writeFileSync(outTemplate, page);
console.log(`viewer: page template ${(page.length / 1024).toFixed(0)} KiB (script ${(script.length / 1024).toFixed(0)} KiB)`);
