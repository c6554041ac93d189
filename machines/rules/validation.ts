/**
 * The schema kit every validation group is written in (machines/rules/fields.ts builds the field kinds from it):
 * a field is a kind (text, yes/no, number), a default, how a value is read (cast), and its checks, each with the
 * catalogue's message. It replaced yup, of which the product used this much and no more
 * (docs/decisions/206-our-own-schema-kit.md): `/apply`'s first wave is about 11 KB gzipped lighter
 * (docs/performance.md).
 *
 * A field never changes: each method returns a new one, so a base serves many fields.
 */

/** What a check and a transform see: the object's values as read so far, and the caller's context. */
export interface CheckContext {
  parent: Readonly<Record<string, unknown>>;
  context: Readonly<Record<string, unknown>>;
}

interface Check {
  name: string;
  message: string;
  /** Whether the value passes; the value has its field's kind (the cast went through). */
  test: (value: never, ctx: CheckContext) => boolean;
}

type Kind = 'string' | 'boolean' | 'number';
interface KindOf {
  string: string;
  boolean: boolean;
  number: number;
}

interface FieldSpec<K extends Kind> {
  kind: K;
  fallback: KindOf[K];
  transforms: readonly ((value: unknown, ctx: CheckContext) => unknown)[];
  checks: readonly Check[];
  /** Checked before the others, which do not run when it fails (an answer outside a closed list). */
  allowed?: { values: readonly KindOf[K][]; message: string };
  typeMessage?: string;
  max?: number;
  description?: string;
}

/** One problem of one field, in the catalogue's words. */
export interface Issue {
  path: string;
  message: string;
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

// How a raw value becomes the kind's (undefined when it cannot): numbers and yes/no as text, text as numbers, as a
// form or a query string sends them.
const readers: { [K in Kind]: (value: unknown) => KindOf[K] | undefined } = {
  string: (value) =>
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : undefined,
  boolean: (value) => {
    if (typeof value === 'boolean') return value;
    if (/^(true|1)$/i.test(String(value))) return true;
    if (/^(false|0)$/i.test(String(value))) return false;
    return undefined;
  },
  number: (value) => {
    const parsed =
      typeof value === 'string' ? (value.replace(/\s/g, '') === '' ? NaN : Number(value)) : value;
    return typeof parsed === 'number' && !Number.isNaN(parsed) ? parsed : undefined;
  },
};

export class Field<K extends Kind = Kind> {
  constructor(private readonly spec: FieldSpec<K>) {}

  private with(change: Partial<FieldSpec<K>>): Field<K> {
    return new Field({ ...this.spec, ...change });
  }

  /** The JSON type of the field's value (the server's body schema is derived from it). */
  get kind(): K {
    return this.spec.kind;
  }
  /** The longest value the field takes, when it has a limit. */
  get limit(): number | undefined {
    return this.spec.max;
  }
  get description(): string | undefined {
    return this.spec.description;
  }

  default(fallback: KindOf[K]): Field<K> {
    return this.with({ fallback });
  }
  transform(fn: (value: unknown, ctx: CheckContext) => unknown): Field<K> {
    return this.with({ transforms: [...this.spec.transforms, fn] });
  }
  trim(): Field<K> {
    return this.transform((value) => (typeof value === 'string' ? value.trim() : value));
  }
  /** A check of the read value; a check of the same name is replaced (as a second `max` replaces the first). */
  test(name: string, message: string, test: (value: KindOf[K], ctx: CheckContext) => boolean): Field<K> {
    const checks = this.spec.checks.filter((check) => check.name !== name);
    return this.with({ checks: [...checks, { name, message, test: test as Check['test'] }] });
  }
  required(message: string): Field<K> {
    return this.test('required', message, (value) => !blank(value));
  }
  /** Required when another field of the object holds one of `values`. */
  requiredWhen(field: string, values: readonly string[], message: string): Field<K> {
    return this.test('required', message, (value, { parent }) => {
      const other = parent[field];
      return !(typeof other === 'string' && values.includes(other)) || !blank(value);
    });
  }
  /** At most `max` characters for text, at most `max` for a number. */
  max(max: number, message: string): Field<K> {
    return this.with({ max }).test('max', message, (value) =>
      typeof value === 'string' ? value.length <= max : (value as number) <= max,
    );
  }
  min(min: number, message: string): Field<K> {
    return this.test('min', message, (value) => (value as number) >= min);
  }
  integer(message: string): Field<K> {
    return this.test('integer', message, (value) => Number.isInteger(value));
  }
  /** Text that matches `pattern`; an empty value is left to `required`. */
  matches(pattern: RegExp, message: string): Field<K> {
    return this.test(
      `matches ${pattern.source}`,
      message,
      (value) => value === '' || pattern.test(String(value)),
    );
  }
  /** One of a closed list: checked first, and the other checks wait until it holds. */
  oneOf(values: readonly KindOf[K][], message: string): Field<K> {
    return this.with({ allowed: { values, message } });
  }
  /** The message for a value that cannot be read as the field's kind (by default, the field's first message). */
  typeError(message: string): Field<K> {
    return this.with({ typeMessage: message });
  }
  meta({ description }: { description: string }): Field<K> {
    return this.with({ description });
  }

  /** The value as it is kept: read as the kind (absent: the default), then transformed; as given when unreadable. */
  cast(raw: unknown, ctx: CheckContext): unknown {
    const { kind, fallback, transforms } = this.spec;
    if (raw === undefined || raw === null) return fallback;
    const read = readers[kind](raw);
    if (read === undefined) return raw;
    const value = transforms.reduce<unknown>((value, fn) => fn(value, ctx), read);
    return value === undefined ? fallback : value;
  }

  /** The messages of a cast value, in the order the checks were added. */
  check(value: unknown, ctx: CheckContext): string[] {
    const { kind, allowed, checks, typeMessage } = this.spec;
    if (readers[kind](value) !== value) {
      const message =
        typeMessage ??
        checks.find((check) => check.name === 'required')?.message ??
        allowed?.message ??
        checks[0]?.message;
      return message === undefined ? [] : [message];
    }
    if (allowed && !(allowed.values as unknown[]).includes(value)) return [allowed.message];
    return checks.filter((check) => !check.test(value as never, ctx)).map((check) => check.message);
  }
}

export const string = () => new Field<'string'>({ kind: 'string', fallback: '', transforms: [], checks: [] });
export const boolean = () =>
  new Field<'boolean'>({ kind: 'boolean', fallback: false, transforms: [], checks: [] });
export const number = () => new Field<'number'>({ kind: 'number', fallback: 0, transforms: [], checks: [] });

type Shape = Record<string, Field>;
/** The answers a schema gives once checked: each field's kind. */
export type Infer<S extends ObjectSchema<Shape>> = {
  [F in keyof S['fields']]: KindOf[S['fields'][F]['kind']];
};

export class ObjectSchema<S extends Shape> {
  constructor(readonly fields: S) {}

  /** A fresh answer for every field: each one's default. */
  defaults(): Infer<ObjectSchema<S>> {
    return this.cast({});
  }

  /** Every field's value as it is kept, and no other key. */
  cast(values: object, context: Record<string, unknown> = {}): Infer<ObjectSchema<S>> {
    const raw = values as Record<string, unknown>;
    const parent: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(this.fields)) {
      parent[name] = field.cast(raw[name], { parent, context });
    }
    return parent as Infer<ObjectSchema<S>>;
  }

  /** The cast values and every problem, field by field in field order; a rule that reads another field sees it cast. */
  validate(
    values: object,
    context: Record<string, unknown> = {},
  ): { value: Infer<ObjectSchema<S>>; issues: Issue[] } {
    const value = this.cast(values, context);
    const ctx = { parent: value as Record<string, unknown>, context };
    const issues = Object.entries(this.fields).flatMap(([path, field]) =>
      field.check((value as Record<string, unknown>)[path], ctx).map((message) => ({ path, message })),
    );
    return { value, issues };
  }
}

export const object = <S extends Shape>(fields: S) => new ObjectSchema(fields);
export type AnyObjectSchema = ObjectSchema<Shape>;
