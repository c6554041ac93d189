/** The CSP allows the built pages' inline starters by hash, and nothing else inline (server/inlineScripts.ts). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../server/inlineScripts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('inlineScriptHashes', () => {
  it("gives each inline script of the served pages as a CSP 'sha256-…' source, once, and skips scripts with a src", () => {
    dir = mkdtempSync(join(tmpdir(), 'inline-scripts-'));
    // sha256("alert(1)") in base64, worked out with `printf 'alert(1)' | openssl dgst -sha256 -binary | base64`.
    const alert = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
    writeFileSync(
      join(dir, 'index.html'),
      '<body><script>alert(1)</script><script src="/a.js"></script></body>',
    );
    writeFileSync(join(dir, 'apply.html'), '<body><script>alert(1)</script></body>');
    writeFileSync(join(dir, 'other.html'), '<body><script>alert(2)</script></body>');
    expect(inlineScriptHashes(dir)).toEqual([alert]);
  });

  it('gives nothing without a built client', () => {
    expect(inlineScriptHashes(undefined)).toEqual([]);
    dir = mkdtempSync(join(tmpdir(), 'inline-scripts-'));
    expect(inlineScriptHashes(dir)).toEqual([]);
  });
});
