/**
 * The decisions index (docs/decisions/README.md) is the way into the records: every record once, in number order;
 * a superseded record says so in its status and on its index line; a number without a record is said to be unused
 * (or given to work in progress, until its record arrives), never a silent gap.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = resolve(import.meta.dirname, '../../docs/decisions');
const index = readFileSync(join(dir, 'README.md'), 'utf8');
const records = readdirSync(dir)
  .filter((file) => /^\d{3}-.+\.md$/.test(file))
  .sort();
const numberOf = (file: string) => Number(file.slice(0, 3));

/** The index's entries: `- [NNN. Title](NNN-name.md)` and what follows the link. */
const entries = [...index.matchAll(/^- \[(\d{3})\. [^\]]+\]\((\d{3}-[^)]+\.md)\)(.*)$/gm)].map(
  ([, number, file, rest]) => ({ number: Number(number), file, rest }),
);

/** The numbers listed on the index's line that starts with `label`. */
function listed(label: string): number[] {
  const line = index.split('\n').find((text) => text.startsWith(label)) ?? '';
  return [...line.slice(label.length).split('(')[0].matchAll(/\d{3}/g)].map(([n]) => Number(n));
}
const unused = listed('Numbers never used:');
const inProgress = listed('Numbers given to work in progress:');

const statusOf = (file: string) => /^- Status: (.*)$/m.exec(readFileSync(join(dir, file), 'utf8'))?.[1] ?? '';

describe('the decisions index', () => {
  it('lists every record once, in number order, each entry naming its own file', () => {
    expect(entries.map((entry) => entry.file)).toEqual(records);
    for (const entry of entries)
      expect(entry.file.startsWith(String(entry.number).padStart(3, '0'))).toBe(true);
  });

  it('says why each number without a record has none', () => {
    const used = new Set(records.map(numberOf));
    const highest = Math.max(...used);
    const silent = Array.from({ length: highest }, (_, i) => i + 1).filter(
      (n) => !used.has(n) && !unused.includes(n) && !inProgress.includes(n),
    );
    expect(silent).toEqual([]);
    // A number cannot be unused and have a record; once its record arrives, it is no longer in progress.
    expect(unused.filter((n) => used.has(n))).toEqual([]);
    expect(inProgress.filter((n) => used.has(n))).toEqual([]);
  });

  it.each(records)(
    '%s: a superseded status is repeated on its index line, and an accepted one is not',
    (file) => {
      const status = statusOf(file);
      expect(status).toMatch(/^(accepted|superseded)/);
      const rest = entries.find((entry) => entry.file === file)?.rest ?? '';
      if (status.startsWith('superseded')) expect(rest).toBe(` — ${status}`);
      else expect(rest).toBe('');
    },
  );

  it('marks a record that a later one says it supersedes', () => {
    for (const file of records) {
      const status = statusOf(file);
      for (const [, earlier] of status.matchAll(/supersedes (?:the [^[]+ of )?\[(\d{3})\]/g)) {
        const replaced = records.find((record) => record.startsWith(earlier));
        expect(statusOf(replaced ?? ''), `${earlier}, superseded by ${file}`).toMatch(
          new RegExp(`^superseded (in part )?by \\[${file.slice(0, 3)}\\]`),
        );
      }
    }
  });
});
