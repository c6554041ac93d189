/**
 * `/privacy`: the prerendered notice (dist/client/privacy.html) with the controller, the contact and the retention
 * periods written in from the configuration (machines/rules/privacy.ts), compressed once: the settings do not change
 * while the server runs.
 */
import { readFileSync } from 'node:fs';
import { fillNoticePage, type NoticeFacts } from '../machines/rules/privacy';
import { compressPage, type FilledPage } from './landingPage';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function privacyPage(templatePath: string, facts: NoticeFacts): () => Promise<FilledPage> {
  let page: Promise<FilledPage> | undefined;
  return () => (page ??= compressPage(fillNoticePage(readFileSync(templatePath, 'utf8'), facts, escapeHtml)));
}
