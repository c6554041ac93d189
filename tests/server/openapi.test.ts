/**
 * The OpenAPI document (/api/docs) tells the truth: every operation lists its success and every refusal it can
 * give, each with a schema, refusals in the one error shape, successes spelled out field by field. The test apps of
 * the files that exercise the most routes (openapi-walk, bad-input, flow, steps, staff, staff-queue) record every
 * answer and fail on one the document does not list or its schema changed (`checkDocumentedAnswers` in
 * tests/server/support.ts); this file checks the document itself and that check.
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths } from '../../machines/rules/staff/queue';
import { tagsPaths } from '../../machines/rules/staff/tags';
import { errorAnswer } from '../../server/openapi';
import { databases, json, undocumentedAnswers, useTestApp } from './support';

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

describe.each(databases)('the OpenAPI document on $name', (database) => {
  const t = useTestApp(database, {}, 'all');
  const document = () => t.app.swagger() as unknown as Document;
  const operations = () =>
    Object.entries(document().paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );

  it('lists a success and its refusals for every operation, each with a schema; refusals in the error shape', async () => {
    expect(operations().length).toBeGreaterThanOrEqual(37);
    for (const { name, op } of operations()) {
      const statuses = Object.keys(op.responses).map(Number);
      expect(
        statuses.filter((s) => s < 300),
        name,
      ).toHaveLength(1);
      expect(statuses, name).toContain(500);
      expect(statuses, name).toContain(503);
      for (const [status, response] of Object.entries(op.responses)) {
        if (status === '204') continue;
        expect(response.content, `${name} ${status}`).toBeDefined();
        const schemas = Object.values(response.content ?? {}).map((c) => c.schema);
        expect(schemas.every(Boolean), `${name} ${status}`).toBe(true);
        if (Number(status) >= 400) {
          const schema = response.content?.['application/json']?.schema as { properties?: object };
          expect(schema.properties, `${name} ${status}`).toEqual(
            expect.objectContaining({ message: { type: 'string' }, data: expect.any(Object) }),
          );
        }
      }
    }
  });

  it('spells out every success answer: each object names all of its fields and says that it has no others', () => {
    const open: string[] = [];
    const walk = (schema: Record<string, unknown> | undefined, at: string) => {
      if (!schema || typeof schema !== 'object') return;
      const types = ([] as unknown[]).concat(schema.type);
      if (types.includes('object') || schema.properties) {
        const extra = schema.additionalProperties;
        // A map (counts per value, field errors) names its values' schema instead of its keys.
        if (extra !== false && (typeof extra !== 'object' || extra === null)) open.push(at);
      }
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, object>))
        walk(property as Record<string, unknown>, `${at}.${name}`);
      if (schema.items) walk(schema.items as Record<string, unknown>, `${at}[]`);
      for (const key of ['anyOf', 'oneOf', 'allOf'])
        for (const [i, part] of ((schema[key] ?? []) as Record<string, unknown>[]).entries())
          walk(part, `${at}.${key}[${i}]`);
    };
    for (const { name, op } of operations())
      for (const [status, response] of Object.entries(op.responses))
        if (Number(status) < 300)
          walk(
            response.content?.['application/json']?.schema as Record<string, unknown>,
            `${name} ${status}`,
          );
    expect(open).toEqual([]);
  });

  it('names the refusals a route gives: the session, the role, the rate limit, a write from another site', () => {
    const responses = (path: string, method: string) =>
      Object.keys(document().paths[path.replace(/:(\w+)/g, '{$1}')][method].responses).map(Number);
    expect(responses(staffQueuePaths.queue, 'get')).toEqual([200, 400, 401, 403, 404, 500, 503]);
    expect(responses(staffPaths.signIn, 'post')).toEqual([200, 400, 403, 408, 413, 415, 429, 500, 503]);
    expect(responses(paths.create, 'post')).toEqual([201, 400, 403, 408, 409, 413, 415, 429, 500, 503]);
    expect(responses(paths.currentCohort, 'get')).toEqual([200, 500, 503]);
    expect(responses(paths.privacyNotice, 'get')).toEqual([200, 500, 503]);
    // A staff write on one application answers 404 once it is erased (server/staff/erasedGuard.ts).
    expect(responses(tagsPaths.tags, 'post')).toContain(404);
    expect(responses(staffPaths.events, 'post')).toContain(404);
    expect(responses(paths.funnelStep, 'post')).toContain(204);
    expect(responses(paths.paymentStart, 'post')).toContain(201);
    expect(responses(paths.paymentVerify, 'post')).toContain(402);
  });

  it("documents the privacy notice's version and address, the version a create must carry", () => {
    const answer = document().paths[paths.privacyNotice].get.responses['200'].content?.['application/json']
      ?.schema as { properties: { data: { properties: object; required: string[] } } };
    expect(Object.keys(answer.properties.data.properties)).toEqual(['version', 'path']);
    expect(answer.properties.data.required).toEqual(['version', 'path']);
  });

  it('finds an answer the document does not list', () => {
    expect(
      undocumentedAnswers(t.app, [
        `GET ${paths.currentCohort} 200`,
        `GET ${paths.currentCohort} 418`,
        `DELETE ${staffPaths.teamMember} 404`,
        `PUT ${staffPaths.teamMember} 200`,
      ]),
    ).toEqual([`GET ${paths.currentCohort} 418`, `PUT ${staffPaths.teamMember} 200`]);
  });

  it('serialises an answer with every field the client reads, and a refusal with its field errors', async () => {
    const current = await t.app.inject({ method: 'GET', url: paths.currentCohort });
    expect(json<{ data: unknown[] }>(current).data[0]).toEqual({
      id: expect.any(Number),
      name: expect.stringMatching(/^Cohort \d+$/),
      number: expect.any(Number),
      start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      application_deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      // The cohort's fee table (decision 244) with its aid ceiling, which Key Information states.
      fees: { fee_ngn: 60_000, fee_usd: 50, full_discount: 15, instalments: 2, aid_ceiling: 30 },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: paths.create,
      payload: { firstname: 7 },
    });
    expect(refused.statusCode).toBe(400);
    expect(json<{ data: { error: Record<string, string[]> } }>(refused).data.error).toEqual({
      firstname: [expect.any(String)],
    });
    expect(errorAnswer.required).toEqual(['message']);
  });
});
