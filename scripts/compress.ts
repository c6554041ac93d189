/**
 * Writes Brotli and gzip copies beside every text asset of the build, for @fastify/static's `preCompressed`: our
 * applicants are on slow mobile networks, and compressing once at build time costs the server nothing per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/client';
const TEXT = /\.(js|mjs|css|html|svg|json|txt|vtt|xml|webmanifest)$/;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

let before = 0;
let after = 0;
for (const file of files(root).filter((f) => TEXT.test(f))) {
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  before += body.length;
  after += br.length;
}
console.log(
  `compress: ${(before / 1024).toFixed(1)} KB of text → ${(after / 1024).toFixed(1)} KB with Brotli`,
);
