/**
 * One visual language (issue 56, item 7; docs/design.md §9, decision 241): the product's colours are written once,
 * in src/styles/tokens.css, and every surface's stylesheet uses them. A hex colour written anywhere else is a second
 * palette beginning, and this fails naming the file and the line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandSharedHead } from '../../scripts/sharedHead';

const ROOT = resolve(import.meta.dirname, '../..');
const TOKENS = 'src/styles/tokens.css';

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [relative(ROOT, path)] : [];
  });
}

/** Hex colours outside comments: `#0b3d2e`, `#fff`, `#0b3d2e80`. */
function hexColours(css: string): string[] {
  const code = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return code
    .split('\n')
    .flatMap((line, i) =>
      [...line.matchAll(/#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})\b/g)].map(
        (m) => `line ${i + 1}: ${m[0]}`,
      ),
    );
}

describe('the design tokens', () => {
  const sheets = stylesheets(join(ROOT, 'src'));

  it('are the only stylesheet that writes a hex colour', () => {
    expect(sheets).toContain(TOKENS);
    const found = Object.fromEntries(
      sheets
        .filter((sheet) => sheet !== TOKENS)
        .map((sheet) => [sheet, hexColours(readFileSync(join(ROOT, sheet), 'utf8'))])
        .filter(([, hexes]) => hexes.length > 0),
    );
    expect(found).toEqual({});
  });

  it('would catch one', () => {
    expect(
      hexColours('.a { color: #0b3d2e; }\n/* #fff in a comment */\n.b { border: 1px solid #FFF; }'),
    ).toEqual(['line 1: #0b3d2e', 'line 3: #FFF']);
  });

  it('are loaded by every surface: the landing page, the app (wizard, after submission, staff) and the notice', () => {
    expect(readFileSync(join(ROOT, 'src/landing/main.tsx'), 'utf8')).toContain(
      "import '../styles/tokens.css';",
    );
    expect(readFileSync(join(ROOT, 'src/styles/app.css'), 'utf8')).toMatch(/^@import '\.\/tokens\.css';$/m);
    expect(readFileSync(join(ROOT, 'src/privacy/privacy.css'), 'utf8')).toMatch(
      /^@import '\.\.\/styles\/tokens\.css';$/m,
    );
    // The app's two pages as the build writes them (their head's markers expanded).
    for (const page of ['app.html', 'apply.html'])
      expect(expandSharedHead(readFileSync(join(ROOT, page), 'utf8'))).toContain(
        'href="/src/styles/app.css"',
      );
  });
});
