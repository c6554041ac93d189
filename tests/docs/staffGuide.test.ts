/**
 * docs/staff.md, the admissions lead's guide (issue 24): every screenshot it shows is there and small enough to load
 * on a slow connection, no screenshot in docs/staff/ is left unshown, and every staff address it names in backticks
 * is a page of the back office (src/staff/StaffApp.tsx), so a reader who types one gets that page.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAFF_SCREENS } from '../../machines/rules/pages';

const root = resolve(import.meta.dirname, '../..');
const docsDir = join(root, 'docs');
const guide = readFileSync(join(docsDir, 'staff.md'), 'utf8');
/** scripts/staff-screenshots.ts keeps each image under this. */
const MAX_BYTES = 200 * 1024;

/** The images a Markdown text shows: `![alt](path)`, with their alternative text. */
const imagesOf = (markdown: string) =>
  [...markdown.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)].map(([, alt, path]) => ({ alt, path }));

/** The staff addresses named in backticks (`/staff/applications/<id>`), as route paths under /staff/. */
const staffAddressesOf = (markdown: string) =>
  [...markdown.matchAll(/`(\/staff(?:\/[^`?\s]*)?)`/g)].map(([, address]) => address);

/**
 * The pages StaffApp routes to, relative to /staff/ ('' for the queue): its screens come from STAFF_SCREENS (a type
 * there ties each to its screen), an application's page is a route of its own.
 */
const routes = [
  '',
  ...STAFF_SCREENS,
  ...[...readFileSync(join(root, 'src/staff/StaffApp.tsx'), 'utf8').matchAll(/<Route path="([^"*]+)"/g)].map(
    ([, path]) => path,
  ),
];

/** Whether `/staff/…` is one of `routes`: a `<name>` in the guide stands for a `:name` parameter. */
const isStaffPage = (address: string, known: readonly string[]) => {
  const path = address.replace(/^\/staff\/?/, '').replace(/<(\w+)>/g, ':$1');
  return known.some((route) => route.replace(/:\w+/g, ':p') === path.replace(/:\w+/g, ':p'));
};

describe('the staff guide', () => {
  const images = imagesOf(guide);

  it('shows screenshots, each described in words', () => {
    expect(images.length).toBeGreaterThanOrEqual(10);
    for (const { alt, path } of images) expect(alt.trim(), path).not.toBe('');
  });

  it.each(images.map((i) => i.path))('shows %s, which exists and is under 200 KB', (path) => {
    const file = join(docsDir, path);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeLessThan(MAX_BYTES);
  });

  it('shows every screenshot of docs/staff/', () => {
    const shown = new Set(images.map((i) => i.path));
    const unshown = readdirSync(join(docsDir, 'staff')).filter((name) => !shown.has(`staff/${name}`));
    expect(unshown).toEqual([]);
  });

  it('names only staff addresses the back office has', () => {
    const addresses = staffAddressesOf(guide);
    expect(addresses.length).toBeGreaterThan(3);
    expect(addresses.filter((a) => !isStaffPage(a, routes))).toEqual([]);
  });

  it('keeps the Interviews heading for the interview stage section', () => {
    expect(guide).toMatch(/^## Interviews$/m);
  });

  it('finds a missing image and an address that is no page', () => {
    expect(imagesOf('![The queue](staff/queue.png) and ![](staff/none.png)').map((i) => i.path)).toEqual([
      'staff/queue.png',
      'staff/none.png',
    ]);
    expect(existsSync(join(docsDir, 'staff/none.png'))).toBe(false);
    const named = staffAddressesOf(
      'Open `/staff/applications/<id>`, `/staff/reports` or `/staff/interviews`.',
    );
    expect(named.filter((a) => !isStaffPage(a, routes))).toEqual(['/staff/interviews']);
  });
});
