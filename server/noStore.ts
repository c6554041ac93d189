/**
 * Answers of the API carry personal data (the owner's application, a verified email, every saved step, the CV's
 * name, the financial-aid answers, even a 'this email exists' summary), so no browser, proxy or shared-computer
 * cache may keep them: every /api/ answer, error or not, is `Cache-Control: no-store`. The exceptions are public:
 * the cohort open now and the API's own documentation.
 */
import type { FastifyInstance } from 'fastify';
import { API, paths } from '../machines/rules/contract';

const PUBLIC = new Set<string>([paths.currentCohort]);

export const isPrivateAnswer = (path: string): boolean => path.startsWith(`${API}/`) && !PUBLIC.has(path);

export function noStoreApi(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0];
    // Set on the raw answer so that it holds for errors, 404s and replies sent from any plugin's hook too.
    if (isPrivateAnswer(path)) reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
}
