/** docs/product.md §3.1 and §7: the create payload, the saved application read back into the form, and failures. */
import { privacyNoticeVersion } from '../../machines/rules/privacy';
import { describe, expect, it } from 'vitest';
import { emptyApplication, type ApplicationForm } from '../../machines/applicationForm';
import { fromSavedApplication, type SavedApplication } from '../../machines/savedApplication';
import { paths, toFailure, toFinancialAidData } from '../../machines/rules';
import { toCreatePayload } from '../../machines/steps/communications';
import { savedApplication } from '../support/answers';

/** The identity and contact fields, which the create payload carries as they are. */
const contact = {
  firstname: 'Ada',
  middlename: 'N.',
  lastname: 'Obi',
  gender: 'female',
  country: 'Nigeria',
  city: 'Lagos',
  email: 'ada@example.com',
  phone: '+2348012345678',
  whatsapp_phone: '+2348012345679',
};

const form = (overrides: Partial<ApplicationForm> = {}): ApplicationForm => ({
  ...emptyApplication(),
  ...contact,
  referral_source: 'Through an organisation',
  referral_detail: 'Lagos Tech Hub',
  referrer: 'partner-42',
  ...overrides,
});

const saved = (overrides: Partial<SavedApplication> = {}): SavedApplication =>
  // The shared saved application (tests/support/answers.ts) with every step up to employment answered.
  savedApplication('ada@example.com', {
    phone: '+2348012345678',
    referred_by: 'partner-42',
    email_verified_at: '2025-02-01T09:00:00.000Z',
    stage: 'employment',
    eligibility: {
      openness_to_tools: 'I love trying new tools and pick them up quickly',
      work_disruption_feelings: 'Curiosity',
      feedback_handling: 'I welcome it and act on it straight away',
      approach_to_new_tasks: 'I make a plan first, then start',
      education_focus: 'Vocational',
      highest_qualification: 'Post-graduate degree',
      status: 'action_required',
    },
    cv: { filename: 'ada-cv.pdf', size: 123_456 },
    employment: {
      employment_status: 'I am currently serving (NYSC)',
      unemployment_duration: '',
      work_experience_years: 'None',
      service_completion_date: '2025-06-30',
      reason_for_leaving: '',
      exit_timeline: '',
      job_urgency: 8,
    },
    other: {
      key_challenge: 'Interviews',
      leadership_experience: 'Class rep',
      distractions: 'Phone',
      bootcamp_expectations: 'A job',
    },
    video: { videoProgress: 42, isVideoEnded: false, attemptCounter: 1 },
    ...overrides,
  });

describe('toCreatePayload (docs/product.md §7 POST /bootcamp/application)', () => {
  it('sends the identity and contact fields, referred_by from the referrer, and the nested communications', () => {
    expect(toCreatePayload(form())).toEqual({
      ...contact,
      referred_by: 'partner-42',
      communications: {
        referral_source: 'Through an organisation',
        referral_detail: 'Lagos Tech Hub',
        communication_consent: 'No',
        privacy_notice_version: '',
      },
    });
  });
  it('sends the privacy notice version shown only once the applicant agreed to it', () => {
    expect(toCreatePayload(form({ privacy_consent: true })).communications.privacy_notice_version).toBe(
      privacyNoticeVersion(),
    );
  });
  it.each([
    [true, 'Yes'],
    [false, 'No'],
  ] as const)('communication_consent %s is sent as %j', (consent, sent) => {
    expect(
      toCreatePayload(form({ communication_consent: consent })).communications.communication_consent,
    ).toBe(sent);
  });
  it('marketing consent starts unticked (opt-in), so a fresh form sends No', () => {
    expect(toCreatePayload(emptyApplication()).communications.communication_consent).toBe('No');
  });
  it('sends none of the later steps’ answers', () => {
    const payload = toCreatePayload(form({ key_challenge: 'x', agreement: true }));
    expect(Object.keys(payload)).not.toContain('key_challenge');
    expect(Object.keys(payload)).not.toContain('referrer');
  });
});

describe('fromSavedApplication', () => {
  it('flattens the nested groups into the form', () => {
    const result = fromSavedApplication(saved(), emptyApplication());
    expect(result).toMatchObject({
      email: 'ada@example.com',
      referrer: 'partner-42',
      email_verified_at: '2025-02-01T09:00:00.000Z',
      referral_source: 'On social media',
      communication_consent: true,
      work_disruption_feelings: 'Curiosity',
      education_focus: 'Vocational',
      eligibilityStatus: 'action_required',
      pdf: 'ada-cv.pdf',
      hasUploadedCV: true,
      employment_status: 'I am currently serving (NYSC)',
      service_completion_date: '2025-06-30',
      job_urgency: 8,
      key_challenge: 'Interviews',
      videoProgress: 42,
      attemptCounter: 1,
    });
  });

  it.each([
    [1, true],
    [0, false],
  ] as const)('communication_consent %i reads as %s', (value, consent) => {
    const application = saved({
      communications: {
        referral_source: 'On social media',
        referral_detail: '',
        communication_consent: value,
      },
    });
    expect(fromSavedApplication(application, emptyApplication()).communication_consent).toBe(consent);
  });

  it('no saved CV: hasUploadedCV stays false, or stays true if the applicant already said they emailed it', () => {
    expect(fromSavedApplication(saved({ cv: null }), emptyApplication())).toMatchObject({
      pdf: null,
      hasUploadedCV: false,
    });
    const alreadySent = { ...emptyApplication(), hasUploadedCV: true };
    expect(fromSavedApplication(saved({ cv: null }), alreadySent).hasUploadedCV).toBe(true);
  });

  it('a CV the server knows was emailed counts as given, on any device', () => {
    expect(
      fromSavedApplication(saved({ cv: null, cv_sent_by_email: true }), emptyApplication()),
    ).toMatchObject({ pdf: null, hasUploadedCV: true, cv_sent_by_email: true });
  });

  it('an empty referred_by keeps the referrer this browser already has', () => {
    const base = { ...emptyApplication(), referrer: 'from-link' };
    expect(fromSavedApplication(saved({ referred_by: '' }), base).referrer).toBe('from-link');
    expect(fromSavedApplication(saved(), base).referrer).toBe('partner-42');
  });

  it('financial aid answers come back under their form names, or keep the base when none were saved', () => {
    const aid = {
      phone_type: 'Android',
      has_laptop: 'No',
      parents_status: 'Both',
      employment_status_duration: 'Unemployed a year',
      affordable_amount: '20000',
      bootcamp_attendance_reason: 'A job',
      additional_info: 'None',
    };
    const result = fromSavedApplication(saved({ financial_aid: aid }), emptyApplication());
    expect(toFinancialAidData(result)).toEqual(aid);
    const base = { ...emptyApplication(), haveLaptop: 'Yes' };
    expect(fromSavedApplication(saved(), base).haveLaptop).toBe('Yes');
  });

  it('round trip: form → create payload → saved → form keeps every field the create call carries', () => {
    for (const consent of [true, false]) {
      // The server stores only an application that agreed to the privacy notice.
      const original = form({ communication_consent: consent, privacy_consent: true });
      const payload = toCreatePayload(original);
      // What the server stores: the payload, consent as 1/0, the rest of the application still empty.
      const stored = saved({
        ...payload,
        communications: {
          referral_source: payload.communications.referral_source,
          referral_detail: payload.communications.referral_detail,
          communication_consent: payload.communications.communication_consent === 'Yes' ? 1 : 0,
        },
        email_verified_at: '',
        cv: null,
      });
      const back = fromSavedApplication(stored, emptyApplication());
      expect(toCreatePayload(back)).toEqual(payload);
      expect(back.communication_consent).toBe(consent);
      expect(back.hasUploadedCV).toBe(false);
    }
  });

  it('does not change the base form it is given', () => {
    const base = emptyApplication();
    fromSavedApplication(saved(), base);
    expect(base).toEqual(emptyApplication());
  });
});

describe('toFailure', () => {
  const fallback = 'An error occured. Try again';
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'boom'],
    ['a number', 500],
    ['an empty object', {}],
    ['a non-string message', { message: 42 }],
    ['an array', ['x']],
  ])('%s gives the fallback and no field errors', (_label, error) => {
    expect(toFailure(error, fallback)).toEqual({ message: fallback, errors: {} });
  });

  it('an empty message falls back', () => {
    expect(toFailure({ message: '' }, fallback).message).toBe(fallback);
  });

  it('an Error keeps its message', () => {
    expect(toFailure(new Error('Network down'), fallback)).toMatchObject({
      message: 'Network down',
      errors: {},
    });
  });

  it('a request failure keeps its message, field errors, status and retryAfter', () => {
    const error = {
      message: 'Too many tries',
      errors: { token: ['Wrong code'] },
      status: 429,
      retryAfter: 30,
    };
    expect(toFailure(error, fallback)).toEqual(error);
  });

  it.each([null, 'token: wrong', 7])('field errors of %j become an empty map', (errors) => {
    expect(toFailure({ message: 'x', errors }, fallback).errors).toEqual({});
  });
});

describe('paths (docs/product.md §7)', () => {
  it('encodes the email in the lookup and update paths', () => {
    expect(paths.lookup('a+b@c.co')).toBe('/api/v1/bootcamp/get-application/a%2Bb%40c.co');
    expect(paths.update('a b@c.co')).toBe('/api/v1/bootcamp/update/a%20b%40c.co');
  });
  it('the server routes the same paths by their patterns', () => {
    expect([paths.lookup.pattern, paths.update.pattern]).toEqual([
      '/api/v1/bootcamp/get-application/:email',
      '/api/v1/bootcamp/update/:email',
    ]);
  });
  it('the create, eligibility and upload paths', () => {
    expect([paths.create, paths.eligibility, paths.uploadCv]).toEqual([
      '/api/v1/bootcamp/application',
      '/api/v1/bootcamp/application/eligibility',
      '/api/v1/bootcamp/application/upload-cv',
    ]);
  });
});
