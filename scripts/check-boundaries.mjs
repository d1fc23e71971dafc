// Proves that biome.json's layer boundaries fire: writes one probe file per import below into a temporary copy of
// the src/ layout, lints them with the project's own Biome config, and fails unless exactly the forbidden imports
// are reported by noRestrictedImports. Nothing is written into the working tree. Then follows every runtime import of
// the lower layers' files through the tree (Biome sees a file's own imports only): a widget that imports a machine
// that imports an API module reaches the app all the same. Run by `npm run lint`.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** [folder under src, imported specifier, whether the boundary must refuse it]. */
const CASES = [
  ['shared', 'zod', false],
  ['shared', 'dayjs/plugin/utc', false],
  ['shared', './messages.ts', false],
  ['shared', 'react', true],
  ['shared', 'node:crypto', true],
  ['shared', 'drizzle-orm', true],
  ['shared', '../server/db/client.ts', true],
  ['shared', '../app/routes.ts', true],
  ['shared', '../timeline/geometry/units.ts', true],

  ['timeline/geometry', './units.ts', false],
  ['timeline/geometry', '../../app/routes.ts', true],
  ['timeline/geometry', '../../widgets/index.ts', true],
  ['timeline/geometry', '../../server/app.ts', true],
  ['timeline/geometry', '../../machines/grid.ts', true],
  ['timeline/geometry', 'comlink', true],
  ['timeline/geometry', 'konva', true],
  ['timeline/geometry', 'react', true],
  ['timeline/geometry', 'node:fs', true],

  ['server', '../shared/messages.ts', false],
  ['server', 'fastify', false],
  ['server', 'node:fs', false],
  ['server/modules/reference', '../../../app/routes.ts', true],
  ['server', '../widgets/index.ts', true],
  ['server', '../timeline/geometry/layout.ts', true],
  ['server', '../machines/grid.ts', true],
  ['server', '../workers/layout.ts', true],
  ['server', 'react', true],

  ['machines', 'xstate', false],
  ['machines', '../shared/dates.ts', false],
  ['machines', '../app/auth/api.ts', false],
  ['machines', '../widgets/Alert/alertStore.ts', false],
  ['machines', '../app/shell/LoginPage.tsx', true],
  ['machines', '../widgets/Modal.tsx', true],
  ['machines', 'react', true],
  ['machines', '@xstate/react', true],
  ['machines', '../server/auth/service.ts', true],

  ['workers', 'comlink', false],
  ['workers', './layout.worker.ts', false],
  ['workers', '../timeline/geometry/layout.ts', false],
  ['workers', '../shared/dates.ts', false],
  ['workers', 'react', true],
  ['workers', '../app/routes.ts', true],
  ['workers', '../machines/grid.ts', true],
  ['workers', 'node:worker_threads', true],

  ['widgets/Alert', '../../machines/alert.ts', false],
  ['widgets/Alert', 'react', false],
  ['widgets/Alert', '../../app/routes.ts', true],
  ['widgets/Alert', '../../server/app.ts', true],

  ['app/shell', '../../shared/rules.ts', false],
  ['app/shell', '../../server/app.ts', true],
  ['app/shell', 'node:fs', true],
];

const dir = mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
try {
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
  // The temporary folder is no git checkout, and only the import rule is on trial.
  config.vcs = { enabled: false };
  config.files = { includes: ['**'] };
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  const files = CASES.map(([folder, specifier], i) => {
    const file = `src/${folder}/probe${i}.ts`;
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(dir, file), `export * from '${specifier}';\n`);
    return file;
  });
  let output;
  try {
    output = execFileSync(
      path.join(root, 'node_modules/.bin/biome'),
      ['lint', '--reporter=json', '--max-diagnostics=none', '--only=style/noRestrictedImports', '.'],
      { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    // Biome exits 1 when it reports anything; the report is still on stdout.
    output = error.stdout;
  }
  const report = JSON.parse(output);
  const refused = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.location.path.file ?? d.location.path),
  );
  const wrong = CASES.filter(([, , forbidden], i) => forbidden !== refused.has(files[i]));
  if (wrong.length > 0 || report.diagnostics.length === 0) {
    for (const [folder, specifier, forbidden] of wrong)
      console.error(`src/${folder}: import '${specifier}' should be ${forbidden ? 'refused' : 'allowed'}`);
    console.error('biome.json: the layer boundaries do not hold (scripts/check-boundaries.mjs)');
    process.exit(1);
  }
  console.log(`layer boundaries hold: ${CASES.length} imports checked`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** [layer under src, the folders under src its code may not reach, however many imports away]. */
const TRANSITIVE = [
  ['widgets', ['app', 'server']],
  ['shared', ['app', 'server', 'machines', 'widgets', 'workers', 'timeline']],
  ['timeline/geometry', ['app', 'server', 'machines', 'widgets', 'workers']],
  ['workers', ['app', 'server', 'machines', 'widgets']],
];

/** The source files under a folder, tests left out (they may reach anything). */
function sourcesOf(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** A file's relative imports that exist at runtime: `import type` and all-`type` name lists are erased. */
function runtimeImports(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const [, names, specifier] of text.matchAll(/^(?:import|export)\s+([^;]*?)\s*from\s+'(\.[^']+)'/gm)) {
    if (names.startsWith('type ')) continue;
    const list = /^\{([^}]*)\}$/s.exec(names.trim());
    if (list?.[1].split(',').every((name) => name.trim() === '' || name.trim().startsWith('type '))) continue;
    const target = path.resolve(path.dirname(file), specifier);
    if (existsSync(target)) found.push(target);
  }
  for (const [, specifier] of text.matchAll(/^import\s+'(\.[^']+)'/gm)) {
    const target = path.resolve(path.dirname(file), specifier);
    if (existsSync(target)) found.push(target);
  }
  return found;
}

const src = path.join(root, 'src');
const leaks = [];
for (const [layer, forbidden] of TRANSITIVE) {
  for (const start of sourcesOf(path.join(src, layer))) {
    const chain = new Map([[start, null]]);
    const todo = [start];
    while (todo.length > 0) {
      const file = todo.pop();
      const top = path.relative(src, file);
      if (forbidden.some((folder) => top.startsWith(`${folder}/`))) {
        const steps = [];
        for (let at = file; at; at = chain.get(at)) steps.unshift(path.relative(root, at));
        leaks.push(steps.join(' → '));
        continue;
      }
      for (const next of runtimeImports(file)) {
        if (chain.has(next)) continue;
        chain.set(next, file);
        todo.push(next);
      }
    }
  }
}
if (leaks.length > 0) {
  for (const leak of leaks) console.error(`reaches a layer it may not: ${leak}`);
  process.exit(1);
}
console.log(`no lower layer reaches a higher one through its imports (${TRANSITIVE.length} layers followed)`);
