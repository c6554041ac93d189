/** docs/product.md §5 and §8: every group of `validateGroup`, its required fields, conditions, formats and messages. */
import { describe, expect, it } from 'vitest';
// The phone numbers are read as the server and the Communications screen read them (decision 002).
import { COUNTRY_CODES } from '../../machines/rules/phone';
import { COUNTRIES } from '../../machines/rules/countries';
import {
  EMPLOYMENT_EMPLOYED_LOOKING,
  EMPLOYMENT_FREELANCER,
  EMPLOYMENT_NYSC,
  EMPLOYMENT_UNEMPLOYED,
  FIELD_MESSAGES,
  MAX_LONG,
  MAX_SHORT,
  MESSAGES,
  REFERRAL_FRIEND,
  REFERRAL_ORGANISATION,
  REFERRAL_SOURCES,
  errorList,
  tooLong,
} from '../../machines/rules';
import { OTHERS_ANSWERS } from '../../machines/steps/other';
import { STEP_FIELDS } from '../../machines/applicationForm';
import { validateGroup, type ValidationGroup } from '../../machines/validation';
import { applicant } from '../support/answers';
import { STEP_MESSAGES } from '../../machines/steps';

/** The catalogue's words: the shared fields', and each step's own questions' (kept in its step file). */
const F: Readonly<Record<string, string>> = { ...FIELD_MESSAGES, ...STEP_MESSAGES };

// Bio Data as the shared first form has it (tests/support/answers.ts).
const first = applicant('ada@example.com');

const VALID: Record<ValidationGroup, Record<string, unknown>> = {
  email: { email: 'ada@example.com' },
  biodata: Object.fromEntries(STEP_FIELDS.biodata.map((field) => [field, first[field]])),
  communications: {
    email: 'ada@example.com',
    phone: '+2348012345678',
    whatsapp_phone: '',
    referral_source: 'On social media',
    referral_detail: '',
    communication_consent: true,
    privacy_consent: true,
  },
  eligibility: {
    openness_to_tools: 'I love trying new tools and pick them up quickly',
    work_disruption_feelings: 'Excitement',
    feedback_handling: 'I welcome it and act on it straight away',
    approach_to_new_tasks: 'I dive in and work it out as I go',
    education_focus: 'Applied Sciences',
    highest_qualification: 'Post-graduate degree',
  },
  employment: {
    employment_status: EMPLOYMENT_FREELANCER,
    unemployment_duration: '',
    reason_for_leaving: '',
    exit_timeline: '',
    service_completion_date: '',
    work_experience_years: 'Between 1 and 4 years',
    job_urgency: 7,
  },
  others: {
    key_challenge: 'Finding openings',
    leadership_experience: 'Led a study group',
    distractions: 'I switch my phone off',
    bootcamp_expectations: 'A job within 12 weeks',
    agreement: true,
    agreement1: true,
    agreement2: true,
  },
  financialAid: {
    typeOfPhone: 'Android',
    haveLaptop: 'Yes',
    parentAlive: 'Both',
    employed: 'No, for a year',
    affordableFee: '20000',
    whyBootcamp: 'To get a job',
    anythingElse: 'No',
  },
  code: { email: 'ada@example.com', token: '123456' },
  checkIn: { email: 'ada@example.com' },
  reminder: { reminderDate: '2025-03-01T10:15:00.000Z' },
};

const valid = (group: ValidationGroup, overrides: Record<string, unknown> = {}) =>
  validateGroup(group, { ...VALID[group], ...overrides });

// [group, field, message] for every field that is always required (text fields only; agreements below).
const REQUIRED: [ValidationGroup, string, string][] = [
  ['email', 'email', F.email],
  ['biodata', 'firstname', F.firstname],
  ['biodata', 'lastname', F.lastname],
  ['biodata', 'gender', F.gender],
  ['biodata', 'country', F.country],
  ['biodata', 'city', F.city],
  ['communications', 'email', F.email],
  ['communications', 'phone', F.phone],
  ['communications', 'referral_source', F.referral_source],
  ['eligibility', 'openness_to_tools', F.openness_to_tools],
  ['eligibility', 'work_disruption_feelings', F.work_disruption_feelings],
  ['eligibility', 'feedback_handling', F.feedback_handling],
  ['eligibility', 'approach_to_new_tasks', F.approach_to_new_tasks],
  ['eligibility', 'education_focus', F.education_focus],
  ['eligibility', 'highest_qualification', F.highest_qualification],
  ['employment', 'employment_status', F.employment_status],
  ['employment', 'work_experience_years', F.work_experience_years],
  ['others', 'key_challenge', F.key_challenge],
  ['others', 'leadership_experience', F.leadership_experience],
  ['others', 'distractions', F.distractions],
  ['others', 'bootcamp_expectations', F.bootcamp_expectations],
  ['financialAid', 'typeOfPhone', F.typeOfPhone],
  ['financialAid', 'haveLaptop', F.haveLaptop],
  ['financialAid', 'parentAlive', F.parentAlive],
  ['financialAid', 'employed', F.employed],
  ['financialAid', 'affordableFee', F.affordableFee],
  ['financialAid', 'whyBootcamp', F.whyBootcamp],
  ['financialAid', 'anythingElse', F.anythingElse],
  ['code', 'email', F.email],
  ['checkIn', 'email', MESSAGES.checkInEmail],
  // otp.token and reminder.reminderDate have their own tests below (each shows a bug).
];

describe('the catalogue carries docs/product.md §8 word for word', () => {
  it.each([
    [F.firstname, 'Please tell us your first name'],
    [F.lastname, 'Please tell us your last name'],
    [F.gender, 'Choose a gender'],
    [F.country, 'What country are you from?'],
    [F.city, 'Country and city of residence is required'],
    [F.email, 'Please provide a valid email address'],
    [MESSAGES.emailFormat, 'The provided email is not valid'],
    [F.phone, 'Phone number is required'],
    [
      MESSAGES.phoneFormat,
      'Phone number must be 10 to 15 digits: with your country code (for example +2348012345678), or as you dial it in your country',
    ],
    [F.referral_source, 'Tell us how you heard about us'],
    [F.referral_detail, 'Tell us the person or organisation'],
    [F.agreement, 'Please accept the agreement to continue'],
    [
      F.agreement1,
      'Please confirm you are open-minded and ready to do what it takes to get a job within 12 weeks',
    ],
    [F.agreement2, 'Please accept the payment agreement to continue'],
    [F.haveLaptop, 'Please state if you have a laptop with either Yes or No'],
    [MESSAGES.otpRequired, 'Please enter OTP'],
    [MESSAGES.checkInEmail, 'Please provide a valid email'],
    [MESSAGES.dateTimeRequired, 'Please select a date and time'],
  ])('%j', (catalogue, literal) => {
    expect(catalogue).toBe(literal);
  });
});

describe('every group accepts a complete, valid form', () => {
  it.each(Object.keys(VALID) as ValidationGroup[])('%s', (group) => {
    expect(valid(group)).toMatchObject({ ok: true, errors: {} });
  });
});

describe('required fields: missing, empty and blank-after-trim give the exact message', () => {
  it.each(REQUIRED)('%s.%s → %j', (group, field, message) => {
    for (const value of [undefined, '', '   ', '\t\n ']) {
      const result = valid(group, { [field]: value });
      expect(result.ok, `${field}=${JSON.stringify(value)}`).toBe(false);
      expect(result.errors, `${field}=${JSON.stringify(value)}`).toEqual({ [field]: [message] });
    }
  });

  it.each([
    ['biodata', 'middlename'],
    ['communications', 'whatsapp_phone'],
    ['communications', 'referral_detail'],
  ] as const)('%s.%s is not required', (group, field) => {
    expect(valid(group, { [field]: '' }).ok).toBe(true);
    expect(valid(group, { [field]: undefined }).ok).toBe(true);
  });

  it.each([
    ['agreement', F.agreement],
    ['agreement1', F.agreement1],
    ['agreement2', F.agreement2],
  ] as const)('others.%s must be accepted: %j', (field, message) => {
    expect(valid('others', { [field]: false }).errors).toEqual({ [field]: [message] });
    expect(valid('others', { [field]: undefined }).errors).toEqual({ [field]: [message] });
  });

  it('a missing OTP gives exactly "Please enter OTP", not also the 6-digit format message', () => {
    // Regression: the token's format check once lacked `excludeEmptyString`, so a blank code showed two alerts.
    for (const token of [undefined, '', '   ']) {
      expect(valid('code', { token }).errors, JSON.stringify(token)).toEqual({ token: ['Please enter OTP'] });
    }
  });

  it('a missing or empty reminder date gives "Please select a date and time"', () => {
    for (const reminderDate of [undefined, '']) {
      expect(valid('reminder', { reminderDate }).errors).toEqual({
        reminderDate: [MESSAGES.dateTimeRequired],
      });
    }
  });

  it('BUG: a blank-after-trim reminder date counts as missing', () => {
    // schemas.ts: reminderDate has no `.trim()`, so '   ' passes `required` and fails as 'Date input not valid.'.
    expect(valid('reminder', { reminderDate: '   ' }).errors).toEqual({
      reminderDate: ['Please select a date and time'],
    });
  });

  it('returns the trimmed values on success', () => {
    const result = valid('biodata', { firstname: '  Ada ', city: ' Lagos\t' });
    expect(result.value).toMatchObject({ firstname: 'Ada', city: 'Lagos' });
  });
});

describe('errors come back in field order, one entry per field', () => {
  it.each([
    ['email', ['email']],
    ['biodata', ['firstname', 'lastname', 'gender', 'country', 'city']],
    ['communications', ['email', 'phone', 'referral_source', 'privacy_consent']],
    ['eligibility', STEP_FIELDS.eligibility],
    ['employment', ['employment_status', 'work_experience_years']],
    ['others', [...STEP_FIELDS.other, ...STEP_FIELDS.agreements]],
    ['financialAid', STEP_FIELDS.financialAid],
    ['code', ['email', 'token']],
    ['checkIn', ['email']],
    ['reminder', ['reminderDate']],
  ] as const)('an empty %s form', (group, fields) => {
    const { ok, errors } = validateGroup(group, {});
    expect(ok).toBe(false);
    expect(Object.keys(errors)).toEqual(fields);
  });

  it('a blank value that breaks two rules gives one message (gender: required and one-of)', () => {
    expect(validateGroup('biodata', { gender: '' }).errors.gender).toEqual(['Choose a gender']);
  });

  it('an empty biodata form lists the red alerts in screen order', () => {
    expect(errorList(validateGroup('biodata', {}).errors)).toEqual([
      'Please tell us your first name',
      'Please tell us your last name',
      'Choose a gender',
      'What country are you from?',
      'Country and city of residence is required',
    ]);
  });

  it('errors later in the form stay behind earlier ones whatever order the values come in', () => {
    const result = validateGroup('communications', {
      referral_source: '',
      phone: '123',
      email: 'a@b.c',
    });
    expect(Object.keys(result.errors)).toEqual(['email', 'phone', 'referral_source', 'privacy_consent']);
    expect(errorList(result.errors)).toEqual([
      MESSAGES.emailFormat,
      MESSAGES.phoneFormat,
      F.referral_source,
      F.privacy_consent,
    ]);
  });
});

describe('conditional requirements (docs/product.md §5)', () => {
  describe('referral_detail only for the friend/family and organisation sources', () => {
    it.each([REFERRAL_FRIEND, REFERRAL_ORGANISATION])('required for %j', (source) => {
      expect(valid('communications', { referral_source: source, referral_detail: '  ' }).errors).toEqual({
        referral_detail: ['Tell us the person or organisation'],
      });
      expect(valid('communications', { referral_source: source, referral_detail: 'Chidi' }).ok).toBe(true);
    });
    it.each(
      REFERRAL_SOURCES.map((o) => o.value).filter(
        (v) => v !== REFERRAL_FRIEND && v !== REFERRAL_ORGANISATION,
      ),
    )('not required for %j', (source) => {
      expect(valid('communications', { referral_source: source, referral_detail: '' }).ok).toBe(true);
    });
    it('the friend and organisation options are the ones docs/product.md §3.3 names', () => {
      expect(REFERRAL_FRIEND).toBe('It was recommended by a friend or a family member');
      expect(REFERRAL_ORGANISATION).toBe('Through an organisation');
    });
  });

  // [status, fields required for it]
  const byStatus: [string, string[]][] = [
    [EMPLOYMENT_UNEMPLOYED, ['unemployment_duration']],
    [EMPLOYMENT_EMPLOYED_LOOKING, ['reason_for_leaving', 'exit_timeline']],
    [EMPLOYMENT_NYSC, ['service_completion_date']],
    [EMPLOYMENT_FREELANCER, []],
  ];
  const messages: Record<string, string> = {
    unemployment_duration: F.unemployment_duration,
    reason_for_leaving: F.reason_for_leaving,
    exit_timeline: F.exit_timeline,
    service_completion_date: F.service_completion_date,
  };
  const filled: Record<string, string> = {
    unemployment_duration: '6-12 months',
    reason_for_leaving: 'No growth',
    exit_timeline: 'Within 1 month',
    service_completion_date: '2025-06-30',
  };

  it.each(byStatus)('employment status %j requires exactly %j', (status, fields) => {
    const blank = valid('employment', { employment_status: status });
    const expected = Object.fromEntries(fields.map((f) => [f, [messages[f]]]));
    expect(blank.errors).toEqual(expected);
    expect(blank.ok).toBe(fields.length === 0);
    const answered = valid('employment', {
      employment_status: status,
      ...Object.fromEntries(fields.map((f) => [f, filled[f]])),
    });
    expect(answered).toMatchObject({ ok: true, errors: {} });
  });

  it('a blank-after-trim conditional answer counts as missing', () => {
    expect(
      valid('employment', { employment_status: EMPLOYMENT_UNEMPLOYED, unemployment_duration: '  ' }).errors,
    ).toEqual({ unemployment_duration: [F.unemployment_duration] });
  });

  it('the employed-but-looking messages come in field order', () => {
    expect(
      Object.keys(valid('employment', { employment_status: EMPLOYMENT_EMPLOYED_LOOKING }).errors),
    ).toEqual(['reason_for_leaving', 'exit_timeline']);
  });

  it('an unreal service completion date is refused', () => {
    expect(
      valid('employment', { employment_status: EMPLOYMENT_NYSC, service_completion_date: 'not a date' })
        .errors,
    ).toEqual({ service_completion_date: [MESSAGES.dateInvalid] });
  });
});

describe('email format: a bare address with a top-level part of at least 2 letters', () => {
  const emails: [string, boolean][] = [
    ['a@b.co', true],
    ['ada.obi+cv@mail.example.com.ng', true],
    ['  ada@example.com  ', true],
    ['ADA@EXAMPLE.COM', true],
    ["o'brien@example.ie", true],
    ['ada_obi-1@my-school.edu.ng', true],
    // Address syntax that names another mailbox (issue 20): a route, an angle bracket, a comment, a name.
    ['p1:victim@example.com', false],
    ['p2<victim@example.com', false],
    ['(p3)victim@example.com', false],
    ['victim@example.com(p4)', false],
    ['Ada <victim@example.com>', false],
    ['"p5"victim@example.com', false],
    ['p6;victim@example.com', false],
    ['p7,victim@example.com', false],
    ['victim@[127.0.0.1]', false],
    ['.ada@example.com', false],
    ['ada.@example.com', false],
    ['a..da@example.com', false],
    ['ada@-example.com', false],
    ['ada@example..com', false],
    ['adé@example.com', false],
    [`${'a'.repeat(65)}@example.com`, false],
    ['a@b.c', false],
    ['a@b.c0', false],
    ['a@b.123', false],
    ['a@b', false],
    ['ab.co', false],
    ['@b.co', false],
    ['a@@b.co', false],
    ['a b@c.co', false],
    ['a@b c.co', false],
    ['a@b.co m', false],
  ];
  it.each(emails)('email %j → valid %s', (email, ok) => {
    const result = validateGroup('email', { email });
    expect(result.ok).toBe(ok);
    expect(result.errors).toEqual(ok ? {} : { email: ['The provided email is not valid'] });
  });
  it.each(emails)('communications %j → valid %s', (email, ok) => {
    expect(valid('communications', { email }).errors).toEqual(ok ? {} : { email: [MESSAGES.emailFormat] });
  });
  it.each(emails)('checkIn %j → valid %s, with its own message', (email, ok) => {
    expect(valid('checkIn', { email }).errors).toEqual(ok ? {} : { email: ['Please provide a valid email'] });
  });
  it('an email past 254 characters is refused', () => {
    const email = `${'a'.repeat(250)}@b.co`;
    expect(validateGroup('email', { email }).errors).toEqual({ email: [MESSAGES.emailFormat] });
  });
});

describe('phone format: optional +, then 10 to 15 digits, after removing spaces, dashes and brackets (no country picked)', () => {
  const phones: [string, boolean][] = [
    ['1234567890', true],
    ['08012345678', true],
    ['+2348012345678', true],
    ['123456789012345', true],
    ['+234 801 234 5678', true],
    ['+234-801-234-5678', true],
    ['(0801) 234-5678', true],
    [' 0801 234 5678 ', true],
    ['123456789', false],
    ['+123456789', false],
    ['1234567890123456', false],
    ['+1234567890123456', false],
    ['0801234567a', false],
    ['+234 80I 234 5678', false],
    ['phone number', false],
    ['++2348012345678', false],
    ['2348012345678+', false],
    ['+', false],
  ];
  it.each(phones)('phone %j → valid %s', (phone, ok) => {
    expect(valid('communications', { phone }).errors).toEqual(
      ok
        ? {}
        : {
            phone: [
              'Phone number must be 10 to 15 digits: with your country code (for example +2348012345678), or as you dial it in your country',
            ],
          },
    );
  });
  it.each(phones)('whatsapp_phone %j → valid %s', (whatsapp_phone, ok) => {
    expect(valid('communications', { whatsapp_phone }).errors).toEqual(
      ok ? {} : { whatsapp_phone: [MESSAGES.phoneFormat] },
    );
  });
  it('whatsapp_phone may be left out or blank', () => {
    for (const whatsapp_phone of [undefined, '', '   ']) {
      expect(valid('communications', { whatsapp_phone }).ok).toBe(true);
    }
  });
  it('the saved value is the normalised number', () => {
    const result = valid('communications', { phone: '+234 (801) 234-5678', whatsapp_phone: '0801 234 5678' });
    expect(result.value).toMatchObject({ phone: '+2348012345678', whatsapp_phone: '08012345678' });
  });
  it('a number with its country code that is no country’s number gets the catalogue’s phone message', () => {
    expect(valid('communications', { phone: '+123456789012345' }).errors).toEqual({
      phone: [MESSAGES.phoneInvalid],
    });
  });
});

describe('phone numbers read in the country picked on Bio Data (decision 002)', () => {
  const inCountry = (country: string, phone: string, whatsapp_phone = '') =>
    validateGroup('communications', { ...VALID.communications, country, phone, whatsapp_phone });

  it.each([
    ['Nigeria', '08031234567', '+2348031234567'],
    ['Nigeria', '0803 123 4567', '+2348031234567'],
    ['Nigeria', '+234 803 123 4567', '+2348031234567'],
    ['Nigeria', '2348031234567', '+2348031234567'],
    ['Ghana', '020 123 4567', '+233201234567'],
    ['United Kingdom', '07911 123456', '+447911123456'],
    // A number with its own country code keeps it, whatever the country picked.
    ['Ghana', '+2348031234567', '+2348031234567'],
  ])('in %s, %j is stored as %s', (country, phone, stored) => {
    const result = inCountry(country, phone, phone);
    expect(result.errors).toEqual({});
    expect(result.value).toMatchObject({ phone: stored, whatsapp_phone: stored });
  });

  it.each([
    ['Nigeria', '06031234567'],
    ['Ghana', '08031234567'],
    ['United Kingdom', '08031234567'],
  ])('in %s, %j is not a number of that country: the catalogue’s phone message', (country, phone) => {
    expect(inCountry(country, phone).errors).toEqual({ phone: [MESSAGES.phoneInvalid] });
    expect(inCountry(country, '+2348031234567', phone).errors).toEqual({
      whatsapp_phone: [MESSAGES.phoneInvalid],
    });
  });

  it('names an ISO code for every country of the list', () => {
    expect(COUNTRIES.filter((country) => !COUNTRY_CODES[country])).toEqual([]);
    expect(Object.keys(COUNTRY_CODES).filter((country) => !COUNTRIES.includes(country))).toEqual([]);
    expect(new Set(Object.values(COUNTRY_CODES)).size).toBe(COUNTRIES.length);
  });
});

describe('other value rules', () => {
  it.each(['male', 'female', 'other'])('gender %j is accepted', (gender) => {
    expect(valid('biodata', { gender }).ok).toBe(true);
  });
  it.each(['Male', 'I prefer not to say', 'x'])('gender %j is refused with "Choose a gender"', (gender) => {
    expect(valid('biodata', { gender }).errors).toEqual({ gender: ['Choose a gender'] });
  });
  it.each(['Yes', 'No', 'yes', 'NO'])('haveLaptop %j is accepted', (haveLaptop) => {
    expect(valid('financialAid', { haveLaptop }).ok).toBe(true);
  });
  it.each(['Maybe', 'Y', 'Yes please'])('haveLaptop %j is refused', (haveLaptop) => {
    expect(valid('financialAid', { haveLaptop }).errors).toEqual({
      haveLaptop: ['Please state if you have a laptop with either Yes or No'],
    });
  });
  it.each(['12345', '1234567', 'abcdef', '12 456'])('otp token %j is refused as not 6 digits', (token) => {
    expect(valid('code', { token }).errors).toEqual({ token: [MESSAGES.otpFormat] });
  });
  it('otp token is trimmed before the check', () => {
    expect(valid('code', { token: ' 654321 ' }).ok).toBe(true);
  });
  it.each([0, 1, 10])('job_urgency %i is accepted', (job_urgency) => {
    expect(valid('employment', { job_urgency }).ok).toBe(true);
  });
  it('job_urgency defaults to 0 when unset', () => {
    expect(valid('employment', { job_urgency: undefined }).value).toMatchObject({ job_urgency: 0 });
  });
  it.each([-1, 11, 2.5, 'lots'])('job_urgency %j is refused', (job_urgency) => {
    expect(valid('employment', { job_urgency }).errors).toEqual({ job_urgency: [F.job_urgency] });
  });
  it('an unreal reminder date is refused', () => {
    expect(valid('reminder', { reminderDate: 'tomorrow-ish' }).errors).toEqual({
      reminderDate: [MESSAGES.dateInvalid],
    });
  });
  it('unknown fields are dropped from the value', () => {
    expect(valid('email', { password: 'x' }).value).toEqual({ email: 'ada@example.com' });
  });
});

describe('max lengths', () => {
  const short = `Please keep this under ${MAX_SHORT} characters`;
  it.each([
    ['biodata', 'firstname', MAX_SHORT, short],
    ['biodata', 'middlename', MAX_SHORT, short],
    ['biodata', 'city', MAX_SHORT, short],
    ['communications', 'referral_detail', MAX_SHORT, short],
    ['employment', 'work_experience_years', MAX_SHORT, short],
    ['others', 'key_challenge', MAX_LONG, tooLong(MAX_LONG)],
    ['others', 'bootcamp_expectations', MAX_LONG, tooLong(MAX_LONG)],
    ['financialAid', 'whyBootcamp', MAX_LONG, tooLong(MAX_LONG)],
    ['eligibility', 'education_focus', MAX_LONG, tooLong(MAX_LONG)],
  ] as const)('%s.%s: %i characters pass, one more fails', (group, field, max, message) => {
    expect(valid(group, { [field]: 'a'.repeat(max) }).ok).toBe(true);
    expect(valid(group, { [field]: 'a'.repeat(max + 1) }).errors).toEqual({ [field]: [message] });
  });
  it('length is counted after trimming', () => {
    expect(valid('biodata', { firstname: `  ${'a'.repeat(MAX_SHORT)}  ` }).ok).toBe(true);
  });
  it('the limits are 120 and 3000', () => {
    expect([MAX_SHORT, MAX_LONG]).toEqual([120, 3000]);
  });
});

describe('the `only` argument checks just the named fields', () => {
  it('others with only the four answers ignores the unaccepted agreements', () => {
    const values = { ...VALID.others, agreement: false, agreement1: false, agreement2: false };
    expect(validateGroup('others', values, OTHERS_ANSWERS)).toMatchObject({ ok: true, errors: {} });
    expect(Object.keys(validateGroup('others', values).errors)).toEqual([
      'agreement',
      'agreement1',
      'agreement2',
    ]);
  });
  it('still reports the named fields', () => {
    expect(validateGroup('others', {}, OTHERS_ANSWERS).errors).toEqual({
      key_challenge: [F.key_challenge],
      leadership_experience: [F.leadership_experience],
      distractions: [F.distractions],
      bootcamp_expectations: [F.bootcamp_expectations],
    });
  });
  it('only the token of the otp group', () => {
    expect(validateGroup('code', { email: '', token: '654321' }, ['token'])).toMatchObject({
      ok: true,
      errors: {},
    });
    expect(Object.keys(validateGroup('code', { email: '', token: '' }, ['token']).errors)).toEqual(['token']);
  });
  it('only some biodata fields', () => {
    expect(validateGroup('biodata', {}, ['city', 'firstname']).errors).toEqual({
      firstname: [F.firstname],
      city: [F.city],
    });
  });
  it('a conditional field named with its trigger keeps its condition', () => {
    const values = { referral_source: REFERRAL_FRIEND, referral_detail: '' };
    expect(validateGroup('communications', values, ['referral_source', 'referral_detail']).errors).toEqual({
      referral_detail: [F.referral_detail],
    });
  });
  it('BUG: a conditional field named alone keeps its condition', () => {
    // validateGroup picks the schema and strips unknown keys, so the trigger (referral_source) is gone from the
    // parent the `when` reads: the condition never holds and a required detail passes. Latent: no caller today.
    const values = { referral_source: REFERRAL_FRIEND, referral_detail: '' };
    expect(validateGroup('communications', values, ['referral_detail']).errors).toEqual({
      referral_detail: [F.referral_detail],
    });
  });
});
