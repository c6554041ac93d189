import { describe, expect, it } from 'vitest';
import { boolean, number, object, string } from '../../machines/rules/validation';

const messagesOf = (schema: ReturnType<typeof object>, values: object, context = {}) =>
  schema.validate(values, context).issues.map(({ path, message }) => `${path}: ${message}`);

describe('the schema kit', () => {
  it('gives each field its default when nothing (or null) is sent, and drops keys it does not know', () => {
    const schema = object({ name: string().trim(), consent: boolean().default(true), urgency: number() });
    expect(schema.defaults()).toEqual({ name: '', consent: true, urgency: 0 });
    expect(schema.cast({ name: null, other: 'x' })).toEqual({ name: '', consent: true, urgency: 0 });
  });

  it('reads values as a form or a query string sends them', () => {
    const schema = object({ name: string().trim(), agreed: boolean(), urgency: number() });
    expect(schema.cast({ name: 42, agreed: 'TRUE', urgency: ' 3 ' })).toEqual({
      name: '42',
      agreed: true,
      urgency: 3,
    });
    expect(schema.cast({ agreed: '0', urgency: '' })).toMatchObject({ agreed: false, urgency: '' });
  });

  it('answers a value of the wrong kind with the field’s own message, and runs no other check on it', () => {
    const schema = object({
      name: string().required('Please tell us your name').max(3, 'Too long'),
      urgency: number().typeError('Pick a number').min(1, 'Pick a number'),
      agreed: boolean().oneOf([true], 'Please agree'),
    });
    expect(messagesOf(schema, { name: { first: 'Ada' }, urgency: 'soon', agreed: 'perhaps' })).toEqual([
      'name: Please tell us your name',
      'urgency: Pick a number',
      'agreed: Please agree',
    ]);
  });

  it('gives every failing check’s message, in the order the checks were added', () => {
    const schema = object({
      answer: string()
        .test('plain', 'No hidden characters', (v) => !v.includes('\u0000'))
        .max(3, 'Too long'),
    });
    expect(messagesOf(schema, { answer: 'ab\u0000cd' })).toEqual([
      'answer: No hidden characters',
      'answer: Too long',
    ]);
    expect(messagesOf(schema, { answer: 'abc' })).toEqual([]);
  });

  it('leaves an empty value to required: a pattern only judges what was typed', () => {
    const code = string()
      .trim()
      .matches(/^\d{6}$/, 'Six digits');
    expect(messagesOf(object({ code }), { code: '  ' })).toEqual([]);
    expect(messagesOf(object({ code }), { code: '12a' })).toEqual(['code: Six digits']);
    expect(messagesOf(object({ code: code.required('Enter the code') }), { code: '' })).toEqual([
      'code: Enter the code',
    ]);
  });

  it('checks a closed list first, so a value outside it gets that one message', () => {
    const gender = string().required('Choose a gender').oneOf(['male', 'female', 'other'], 'Choose a gender');
    expect(messagesOf(object({ gender }), { gender: '' })).toEqual(['gender: Choose a gender']);
    expect(messagesOf(object({ gender }), { gender: 'robot' })).toEqual(['gender: Choose a gender']);
    expect(messagesOf(object({ gender }), { gender: 'female' })).toEqual([]);
  });

  it('requires a follow-up only when the field it follows holds one of its values, read after trimming', () => {
    const schema = object({
      source: string().trim(),
      detail: string().trim().requiredWhen('source', ['friend'], 'Who told you?'),
    });
    expect(messagesOf(schema, { source: ' friend ', detail: ' ' })).toEqual(['detail: Who told you?']);
    expect(messagesOf(schema, { source: 'radio', detail: '' })).toEqual([]);
  });

  it('hands transforms and checks the caller’s context', () => {
    const phone = string()
      .transform((v, { context }) => `${String(context.prefix ?? '')}${String(v)}`)
      .test('country', 'Not a number of your country', (v, { context }) =>
        v.startsWith(String(context.prefix)),
      );
    const schema = object({ phone });
    expect(schema.validate({ phone: '803' }, { prefix: '+234' }).value).toEqual({ phone: '+234803' });
    expect(messagesOf(schema, { phone: '803' }, {})).toEqual(['phone: Not a number of your country']);
  });

  it('never changes a field: a method returns a new one, and a check of the same name replaces the old', () => {
    const base = string().max(3, 'Too long');
    const required = base.required('Required');
    expect(messagesOf(object({ a: base }), { a: '' })).toEqual([]);
    expect(messagesOf(object({ a: required }), { a: '' })).toEqual(['a: Required']);
    const longer = base.max(5, 'Too long for five');
    expect(messagesOf(object({ a: longer }), { a: 'abcdef' })).toEqual(['a: Too long for five']);
    expect([base.limit, longer.limit]).toEqual([3, 5]);
  });

  it('checks numbers as whole numbers in a range', () => {
    const urgency = number().typeError('1 to 5').integer('1 to 5').min(0, '1 to 5').max(5, '1 to 5');
    expect(messagesOf(object({ urgency }), { urgency: 2.5 })).toEqual(['urgency: 1 to 5']);
    expect(messagesOf(object({ urgency }), { urgency: 6 })).toEqual(['urgency: 1 to 5']);
    expect(messagesOf(object({ urgency }), { urgency: '4' })).toEqual([]);
  });

  it('tells the server each field’s JSON kind, limit and description', () => {
    const field = number().meta({ description: '0: not set' });
    expect([field.kind, field.description, string().limit, boolean().kind]).toEqual([
      'number',
      '0: not set',
      undefined,
      'boolean',
    ]);
  });
});
