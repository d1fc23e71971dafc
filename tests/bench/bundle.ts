import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { report } from './stats.ts';

/** Initial JS: the entry script and the chunks index.html preloads, gzip-compressed. */
export function benchBundle(clientDir = 'dist/client'): void {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(clientDir, file))).length,
    0,
  );
  report({ name: `initial JS, gzip (${files.length} files)`, value: bytes / 1024, unit: 'KB', budget: 200 });
}
