/**
 * `/privacy`: the prerendered notice (dist/client/privacy.html) with the controller, the contact and the retention
 * periods written in from the configuration (machines/rules/privacy.ts), compressed once and kept while the facts
 * stay the same: the contact is the support address an admin may change in the back office (decision 247).
 */
import { readFileSync } from 'node:fs';
import { fillNoticePage, type NoticeFacts } from '../machines/rules/privacy';
import { compressPage, type FilledPage } from './landingPage';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function privacyPage(
  templatePath: string,
  factsNow: () => Promise<NoticeFacts>,
): () => Promise<FilledPage> {
  let template: string | undefined;
  let cached: { key: string; page: Promise<FilledPage> } | undefined;
  return async () => {
    const facts = await factsNow();
    const key = JSON.stringify(facts);
    if (cached?.key !== key) {
      template ??= readFileSync(templatePath, 'utf8');
      cached = { key, page: compressPage(fillNoticePage(template, facts, escapeHtml)) };
    }
    return cached.page;
  };
}
