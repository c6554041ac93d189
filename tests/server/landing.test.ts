/**
 * `/` quotes the cohort open now, from the server's cohorts, never a cohort fixed at build time. The page is
 * prerendered here the way the build does it (index.html with its shared head written out and the SSR entry's
 * markup in place of its marker), so the test does not depend on a build.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { DEFAULT_CONTACT_EMAIL } from '../../machines/rules/pages';
import { cohortNotice } from '../../machines/rules/seats';
import { COHORT_CACHE_MS } from '../../server/db/cohorts';
import { expandSharedHead } from '../../scripts/sharedHead';
import { render } from '../../src/landing/entry-server';
import { databases, json, useClientApp } from './support';

const root = resolve(import.meta.dirname, '../..');
const prerendered = expandSharedHead(readFileSync(join(root, 'index.html'), 'utf8')).replace(
  '<!--landing-prerender-->',
  render(),
);

/** The body as a browser reads it, whatever the encoding the server chose. */
const decoded = (res: LightMyRequestResponse) =>
  res.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(res.rawPayload).toString()
    : res.headers['content-encoding'] === 'gzip'
      ? gunzipSync(res.rawPayload).toString()
      : res.body;

/** The page's visible words, roughly: tags and React's text separators removed. */
const words = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

for (const database of databases) {
  describe(`the landing page quotes the live cohort (${database.name})`, () => {
    const { t } = useClientApp(
      {
        'index.html': prerendered,
        'index.html.br': 'the unfilled template, compressed',
        'app.html': '<!doctype html><title>App shell</title>',
      },
      database,
    );

    const get = (url: string, encoding = 'identity') =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

    it('fills in the cohort the API calls current, its start and its deadline', async () => {
      // The clock starts on 23 November 2026: cohort 13 (10 December 2026, deadline 3 December) is open.
      const api = json<{ data: { number: number }[] }>(
        await t.app.inject({ method: 'GET', url: paths.currentCohort }),
      );
      expect(api.data[0].number).toBe(13);
      const res = await get('/');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const text = words(res.body);
      expect(text).toContain('Cohort 13 · starts 10 December 2026');
      expect(text).toContain('Cohort 13 starts 10 December 2026');
      expect(text).toContain('Applications close 3 December 2026');
      expect(text).toContain('Cohort 13 starts on 10 December 2026');
      expect(res.body).toContain('content="The Employment Bootcamp: a 12-week');
      expect(res.body).toMatch(/Cohort 13 starts 10 December 2026\."/);
      expect(res.body).not.toContain('%%COHORT');
      expect(res.body).not.toMatch(/March 2025/);
      // No SUPPORT_EMAIL here: the one default contact address, in the footer and for hydration.
      expect(res.body).not.toContain('%%CONTACT');
      expect(res.body).toContain(`href="mailto:${DEFAULT_CONTACT_EMAIL}"`);
      expect(res.body).toContain(`data-contact="${DEFAULT_CONTACT_EMAIL}"`);
      // The browser hydrates from the same facts.
      const facts = res.body.match(/data-cohort="([^"]+)"/)![1].replace(/&quot;/g, '"');
      expect(JSON.parse(facts)).toEqual({
        number: 13,
        startDate: '2026-12-10',
        applicationDeadline: '2026-12-03',
        // The cohort's fee table in the words the page states (decision 244).
        fees: {
          fee: 'N60,000 (Nigeria) or $50 (international)',
          full: 'Pay in full and save 15%: N51,000 (Nigeria) or $42.50 (international)',
          instalments: 'In Nigeria you may instead pay the N60,000 in 2 instalments of N30,000',
          // And its aid ceiling, which the page's aid words name (decision 244).
          aidCeiling: '30%',
        },
      });
      expect(text).toContain('Financial aid of up to 30% off for those who qualify');
      expect(text).not.toContain('{aid}');
    });

    it('sends the same page Brotli- or gzip-compressed to browsers that accept it', async () => {
      const plain = (await get('/')).body;
      // Brotli is made in the background once the cohort's page is filled; gzip answers until then.
      await expect
        .poll(async () => (await get('/', 'gzip, deflate, br')).headers['content-encoding'])
        .toBe('br');
      const br = await get('/', 'gzip, deflate, br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
      const gz = await get('/', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
      expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    });

    it('never serves the unfilled template, whatever the path', async () => {
      const viaFile = decoded(await get('/index.html', 'gzip, br'));
      expect(viaFile).toContain('Cohort 13');
      expect(viaFile).not.toContain('%%COHORT');
      expect((await get('/index.html')).body).toContain('Cohort 13');
      const compressed = await get('/index.html.br');
      expect(compressed.body).not.toContain('the unfilled template');
    });

    it('is markup a validator passes: no image without its file, no empty address, no id twice', async () => {
      const { document } = new JSDOM((await get('/')).body, { url: 'https://bootcamp.example/' }).window;
      const all = (selector: string) => [...document.querySelectorAll(selector)];
      expect(all('img').length).toBeGreaterThan(0);
      // An <img> needs a non-empty src and an alt (the intro video's poster comes with hydration, decision 018).
      expect(
        all('img')
          .filter((img) => !img.getAttribute('src')?.trim() || !img.hasAttribute('alt'))
          .map((img) => img.outerHTML),
      ).toEqual([]);
      expect(
        all('source').filter((s) => !s.getAttribute('src')?.trim() && !s.getAttribute('srcset')?.trim()),
      ).toEqual([]);
      expect(all('iframe:not([src]), link:not([href]), script[src=""], video[poster=""]')).toEqual([]);
      expect(all('[src=""], [href=""], [srcset=""]').map((e) => e.outerHTML)).toEqual([]);
      const ids = all('[id]').map((e) => e.id);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    });

    it('moves on to the next cohort once the deadline has passed', async () => {
      // The deadline day itself still belongs to cohort 13.
      t.setNow(new Date('2026-12-03T22:00:00Z'));
      expect(words((await get('/')).body)).toContain('Cohort 13 starts 10 December 2026');
      t.setNow(new Date('2026-12-04T08:00:00Z'));
      const after = await get('/', 'gzip');
      const text = words(gunzipSync(after.rawPayload).toString());
      expect(text).toContain('Cohort 14 · starts 10 March 2027');
      expect(text).toContain('Applications close 3 March 2027');
      expect(text).not.toContain('Cohort 13');
      expect(words((await get('/')).body)).toContain('Cohort 14 starts on 10 March 2027');
    });

    it('says in one sentence, as Get Started does, that the cohort open now is paused, and names the next', async () => {
      const notice = async () =>
        new JSDOM((await get('/')).body).window.document.querySelector('.hero-notice');
      // Cohort 13 open (the app and its clock are the file's: an earlier test moved it on).
      t.setNow(new Date('2026-11-23T09:00:00Z'));
      expect((await notice())?.textContent).toBe('');
      // Paused as an admin would, seen here after the cohort cache's few seconds, as from another process.
      await t.db.query(`UPDATE cohorts SET intake = 'paused' WHERE number = 13`);
      t.advance(COHORT_CACHE_MS);
      const sentence =
        'Applications for Cohort 13 are paused, so new applications are for Cohort 14, which starts on 10 March 2027.';
      expect((await notice())?.textContent).toBe(sentence);
      const page = words((await get('/')).body);
      expect(page).toContain('Cohort 14 · starts 10 March 2027');
      expect(page).not.toContain('Cohort 13 ·');
      // Get Started writes its sentence from get-current with the same rule: the two pages say the same.
      const [current] = json<{ data: Parameters<typeof cohortNotice>[0][] }>(
        await t.app.inject({ method: 'GET', url: paths.currentCohort }),
      ).data;
      expect(cohortNotice(current)).toBe(sentence);
    });
  });
}
