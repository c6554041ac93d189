/**
 * The decisions index (docs/decisions/README.md) is the way into the records: every record once, in number order,
 * each with a line saying its choice; a superseded record says so in its status and on its index line; every number
 * merged into another record or into docs/performance.md is listed once as merged; a number without a record is said
 * to be unused (or given to work in progress, until its record arrives), never a silent gap. Every "decision NNN" the
 * code and the docs cite leads to a record that exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const dir = join(root, 'docs/decisions');
const index = readFileSync(join(dir, 'README.md'), 'utf8');
const records = readdirSync(dir)
  .filter((file) => /^\d{3}-.+\.md$/.test(file))
  .sort();
const numberOf = (file: string) => Number(file.slice(0, 3));
const recorded = new Set(records.map(numberOf));

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

/** The "Merged records" table: `| NNN | [where](file) |`, where is a record's number or docs/performance.md. */
const merged = [...index.matchAll(/^\| (\d{3}) +\| \[([^\]]+)\]\(([^)]+)\) *\|$/gm)].map(
  ([, number, where, file]) => ({ number: Number(number), where, file }),
);
const mergedInto = new Map(merged.map((row) => [row.number, row]));
/** Merged into a document rather than a record: cited as "former decision NNN" there. */
const mergedIntoDocs = new Set(merged.filter((row) => row.file.startsWith('../')).map((row) => row.number));

const statusOf = (file: string) => /^- Status: (.*)$/m.exec(readFileSync(join(dir, file), 'utf8'))?.[1] ?? '';

/** Records their authors wrote alongside the merge of issue 55 item 5, left exactly as written. */
const leftAsWritten = new Set([235, 238, 240, 241, 242, 243, 244, 245, 246, 247]);

describe('the decisions index', () => {
  it('lists every record once, in number order, each entry naming its own file and saying its choice', () => {
    expect(entries.map((entry) => entry.file)).toEqual(records);
    for (const entry of entries) {
      expect(entry.file.startsWith(String(entry.number).padStart(3, '0'))).toBe(true);
      expect(entry.rest, entry.file).toMatch(/^: \S/);
    }
  });

  it('lists every merged number once, as merged into a record that exists or into docs/performance.md', () => {
    const numbers = merged.map((row) => row.number);
    expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
    for (const row of merged) {
      expect(recorded.has(row.number), `${row.number} is merged but still has a record`).toBe(false);
      if (row.file.startsWith('../')) expect(row.file).toBe('../performance.md');
      else {
        expect(records).toContain(row.file);
        expect(row.where).toBe(row.file.slice(0, 3));
        // The record it went into says so on its last line.
        const text = readFileSync(join(dir, row.file), 'utf8');
        expect(/^Merged here: (.*)\.$/m.exec(text)?.[1].split(', ')).toContain(
          String(row.number).padStart(3, '0'),
        );
      }
    }
    const performance = readFileSync(join(root, 'docs/performance.md'), 'utf8');
    for (const number of mergedIntoDocs)
      expect(performance).toContain(`(former decision ${String(number).padStart(3, '0')})`);
  });

  it('says why each number without a record has none', () => {
    const highest = Math.max(...recorded);
    const silent = Array.from({ length: highest }, (_, i) => i + 1).filter(
      (n) => !recorded.has(n) && !unused.includes(n) && !inProgress.includes(n) && !mergedInto.has(n),
    );
    expect(silent).toEqual([]);
    // A number cannot be unused and have a record, or be both unused and merged; once its record arrives, it is no
    // longer in progress.
    expect(unused.filter((n) => recorded.has(n) || mergedInto.has(n))).toEqual([]);
    expect(inProgress.filter((n) => recorded.has(n))).toEqual([]);
  });

  it.each(records)(
    '%s: a superseded status is repeated on its index line, and an accepted one is not',
    (file) => {
      const status = statusOf(file);
      expect(status).toMatch(/^(accepted|superseded)/);
      const rest = entries.find((entry) => entry.file === file)?.rest ?? '';
      if (status.startsWith('superseded')) expect(rest.endsWith(` — ${status}`)).toBe(true);
      else expect(rest).not.toContain(' — superseded');
    },
  );

  it('marks a record that a later one says it supersedes, and names a successor that exists', () => {
    let links = 0;
    for (const file of records) {
      const status = statusOf(file);
      for (const [, earlier] of status.matchAll(/supersedes (?:the [^[]+ of )?\[(\d{3})\]/g)) {
        const replaced = records.find((record) => record.startsWith(earlier));
        expect(statusOf(replaced ?? ''), `${earlier}, superseded by ${file}`).toMatch(
          new RegExp(`^superseded (in part )?by \\[${file.slice(0, 3)}\\]`),
        );
        links += 1;
      }
      const successor = /^superseded (?:in part )?by \[(\d{3})\]\((\d{3}[^)]*\.md)\)/.exec(status);
      if (successor) {
        expect(records, `${file} is superseded by ${successor[1]}`).toContain(successor[2]);
        links += 1;
      }
    }
    // Today's records hold such links: were the patterns to stop matching them, this test would check nothing.
    expect(links).toBeGreaterThan(0);
  });
});

/** Every file under `folder` whose name ends in one of the cited kinds. */
function sources(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...sources(path));
    else if (/\.(ts|tsx|md|html|css)$/.test(name)) found.push(path);
  }
  return found;
}

describe('citations of decisions', () => {
  const cited = ['machines', 'server', 'src', 'scripts', 'bench', 'tests', 'docs'].flatMap((folder) =>
    sources(join(root, folder)),
  );
  /** "decision 085", "decisions 240–243", "decisions 143 and 149"; "former" before one merged into docs/performance.md. */
  const citation = /(former )?\bdecisions? (\d{3}(?:(?:, and |, | and |–)\d{3})*)/gi;

  function numbersIn(list: string): number[] {
    return list.split(/, and |, | and /).flatMap((part) => {
      const [from, to] = part.split('–').map(Number);
      return to === undefined
        ? [from]
        : Array.from({ length: to - from + 1 }, (_, i) => from + i).filter(
            (n) => recorded.has(n) || mergedInto.has(n),
          );
    });
  }

  it('every "decision NNN" names a record that exists; a "former decision NNN" one merged into docs/performance.md', () => {
    const broken: string[] = [];
    for (const path of cited) {
      const file = path.slice(root.length + 1);
      const record = /^docs\/decisions\/(\d{3})-/.exec(file);
      // The records left as written may cite a merged number: the index's table says where it went.
      const resolvesByTable = record !== null && leftAsWritten.has(Number(record[1]));
      for (const [, former, list] of readFileSync(path, 'utf8').matchAll(citation))
        for (const number of numbersIn(list)) {
          const ok = former
            ? mergedIntoDocs.has(number)
            : recorded.has(number) || (resolvesByTable && mergedInto.has(number));
          if (!ok) broken.push(`${file}: ${former ?? ''}decision ${number}`);
        }
    }
    expect(broken).toEqual([]);
  });

  it('every link to a record leads to a file that exists', () => {
    const broken: string[] = [];
    for (const path of cited)
      for (const [name] of readFileSync(path, 'utf8').matchAll(/\bdecisions\/\d{3}-[a-z0-9-]+\.md/g))
        if (!records.includes(name.slice('decisions/'.length)))
          broken.push(`${path.slice(root.length + 1)}: ${name}`);
    expect(broken).toEqual([]);
  });
});
