/** The thin layer over yup (machines/rules/yupAnswers.ts): a client's mistakes answered in the schema's own words. */
import { describe, expect, it } from 'vitest';
import { boolean, number, object, string, type AnyObjectSchema } from 'yup';
import { checkAnswers } from '../../machines/rules/yupAnswers';

const messagesOf = (schema: AnyObjectSchema, values: object, context = {}) =>
  checkAnswers(schema, values, context).issues.map(({ path, message }) => `${path}: ${message}`);

describe('answers checked with yup', () => {
  it('takes null as not sent: the default, and a required answer’s own message (not “cannot be null”)', () => {
    const schema = object({
      name: string().default('').trim().required('Please tell us your name'),
      consent: boolean().default(true),
    });
    const { value, issues } = checkAnswers(schema, { name: null, consent: null, other: 'x' });
    expect(value).toEqual({ name: '', consent: true });
    expect(issues).toEqual([{ path: 'name', message: 'Please tell us your name' }]);
  });

  it('answers a value of the wrong kind with the field’s own message, runs no other check, and never throws', () => {
    const schema = object({
      name: string().default('').trim().required('Please tell us your name').max(3, 'Too long'),
      urgency: number().default(0).typeError('Pick a number').min(1, 'Pick a number'),
      agreed: boolean().default(false).oneOf([true], 'Please agree'),
      note: string()
        .default('')
        .trim()
        .test('plain', 'No hidden characters', (v) => !v?.includes('\u0000')),
    });
    const wrong = { name: { first: 'Ada' }, urgency: 'soon', agreed: ['yes'], note: { toString: 'x' } };
    expect(messagesOf(schema, wrong)).toEqual([
      'name: Please tell us your name',
      'urgency: Pick a number',
      'agreed: Please agree',
      'note: No hidden characters',
    ]);
  });

  it('reads values as a form or a query string sends them', () => {
    const schema = object({
      name: string().default('').trim(),
      agreed: boolean().default(false),
      urgency: number().default(0),
    });
    expect(checkAnswers(schema, { name: 42, agreed: 'TRUE', urgency: ' 3 ' })).toEqual({
      value: { name: '42', agreed: true, urgency: 3 },
      issues: [],
    });
  });

  it('gives every failing check’s message, in the order the checks were added', () => {
    const schema = object({
      answer: string()
        .default('')
        .test('plain', 'No hidden characters', (v) => !v?.includes('\u0000'))
        .max(3, 'Too long'),
    });
    expect(messagesOf(schema, { answer: 'ab\u0000cd' })).toEqual([
      'answer: No hidden characters',
      'answer: Too long',
    ]);
    expect(messagesOf(schema, { answer: 'abc' })).toEqual([]);
  });

  it('reports field by field in the schema’s order, a follow-up after the field it follows', () => {
    const schema = object({
      detail: string()
        .default('')
        .trim()
        .when('source', { is: 'friend', then: (s) => s.required('Who told you?') }),
      phone: string().default('').required('Phone'),
      source: string().default('').trim().required('Where from?'),
      whatsapp_phone: string().default('').max(2, 'Too long'),
    });
    expect(messagesOf(schema, { source: ' friend ', whatsapp_phone: 'abc' })).toEqual([
      'detail: Who told you?',
      'phone: Phone',
      'whatsapp_phone: Too long',
    ]);
  });

  it('hands transforms and checks the caller’s context', () => {
    const phone = string()
      .default('')
      .transform(
        (v: unknown, _raw: unknown, _schema: unknown, { context }: { context?: { prefix?: string } }) =>
          typeof v === 'string' ? `${context?.prefix ?? ''}${v}` : v,
      )
      .test('country', 'Not a number of your country', (v, test) =>
        String(v).startsWith(String((test.options.context as { prefix?: string }).prefix)),
      );
    const schema = object({ phone });
    expect(checkAnswers(schema, { phone: '803' }, { prefix: '+234' })).toEqual({
      value: { phone: '+234803' },
      issues: [],
    });
    expect(messagesOf(schema, { phone: '803' }, {})).toEqual(['phone: Not a number of your country']);
  });
});
