import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { assessors, facilitators } from '../../../src/content/faculty';
import { heroPairs } from '../../../src/content/hero';
import { COHORT_PLACEHOLDERS, CONTACT_EMAIL_PLACEHOLDER } from '../../../machines/rules/landingCohort';
import { partners } from '../../../src/content/partners';
import { levels } from '../../../src/content/curriculum';
import { LandingPage } from '../../../src/landing/LandingPage';
import { LANDING_SECTIONS } from '../../support/landing';
import { sampleCohort } from './helpers';
import { expectShown } from '../support/shown';

/** A configured contact address (SUPPORT_EMAIL), not the default. */
const CONTACT = 'help@bootcamp.example';

describe('landing page', () => {
  it('has every section of the spec, in order', () => {
    render(<LandingPage cohort={sampleCohort} contactEmail={CONTACT} />);
    const found = [...document.querySelectorAll('[id]')]
      .map((el) => el.id)
      .filter((id) => LANDING_SECTIONS.includes(id));
    expect(found).toEqual(LANDING_SECTIONS);
  });

  it('sends every Apply Now to /apply in a new tab', () => {
    render(<LandingPage cohort={sampleCohort} contactEmail={CONTACT} />);
    const applies = screen.getAllByRole('link', { name: /Apply Now/ });
    expect(applies.length).toBeGreaterThanOrEqual(6);
    for (const a of applies) {
      expect(a.getAttribute('href')).toBe('/apply');
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
    }
  });

  it('shows the content the spec counts', () => {
    render(<LandingPage cohort={sampleCohort} contactEmail={CONTACT} />);
    expect(facilitators).toHaveLength(17);
    expect(assessors).toHaveLength(16);
    expect(document.querySelectorAll('#faculty .slider-item')).toHaveLength(33);
    expect(document.querySelectorAll('#clients img')).toHaveLength(partners.length);
    expect(partners).toHaveLength(7);
    expect(levels.map((l) => l.title)).toEqual([
      'Understand Who You Are',
      'Build Your Persona',
      'Design Your Career',
      'Craft Your Story',
      'Scout The Terrain',
      'Rise To The Challenge',
      'Claim Your Victory',
      'Thrive',
    ]);
    for (const title of ['A Beginner', 'Unemployed', 'Confused About Your Next Move', 'Global Citizen']) {
      expectShown(screen.getByRole('heading', { name: title }));
    }
    expectShown(screen.getByText('Cohort 13 starts 10 December 2026', { selector: '.keyinfo-lead' }));
    expectShown(screen.getByText('Applications close 3 December 2026'));
    expectShown(screen.getByText('N60,000 (Nigeria) or $50 (international)'));
  });

  it('sizes every image and lazy-loads every image below the hero', () => {
    render(<LandingPage cohort={sampleCohort} contactEmail={CONTACT} />);
    for (const img of document.querySelectorAll('img')) {
      expect(img.getAttribute('width')).toBeTruthy();
      expect(img.getAttribute('height')).toBeTruthy();
      expect(img.getAttribute('loading')).toBe('lazy');
    }
  });

  it('has a footer with the 2024 copyright, mailto and tel links and three social icons', () => {
    render(<LandingPage cohort={sampleCohort} contactEmail={CONTACT} />);
    const footer = document.getElementById('footer')!;
    expect(footer.textContent).toContain('© 2024');
    // The configured contact address, and no other (decision 021).
    expect(screen.getByRole('link', { name: CONTACT }).getAttribute('href')).toBe(`mailto:${CONTACT}`);
    const mailtos = [...document.querySelectorAll('a[href^="mailto:"]')].map((a) => a.getAttribute('href'));
    expect(new Set(mailtos)).toEqual(new Set([`mailto:${CONTACT}`]));
    expect(document.body.textContent).not.toMatch(/@theemploymentbootcamp/);
    expect(footer.querySelector('a[href^="tel:"]')).not.toBeNull();
    expect(footer.querySelectorAll('.footer-social a')).toHaveLength(3);
    for (const name of ['Shop', 'Privacy Policy', 'Terms of Service']) {
      expectShown(screen.getByRole('link', { name }));
    }
  });

  it('renders on the server with the hero words in the markup', () => {
    const html = renderToString(<LandingPage cohort={sampleCohort} contactEmail={CONTACT} />);
    expect(html).toContain(heroPairs(sampleCohort)[0].headline);
    expect(html).toContain('id="whatsItGonnaBe"');
  });

  it('quotes the cohort it is given everywhere, and no other', () => {
    render(<LandingPage cohort={sampleCohort} contactEmail={CONTACT} />);
    // Testimonials name the cohorts their authors were in; everything else is about the cohort open now.
    document.getElementById('testimonial')!.remove();
    const text = document.body.textContent ?? '';
    // Hero eyebrow and seventh pair, Key Information, the closing call, the FAQ answer.
    expect(text.match(/Cohort 13\b/g)?.length).toBe(5);
    expect(text).not.toMatch(/Cohort (?!13\b)\d+/);
    expect(text.match(/10 December 2026/g)?.length).toBe(5);
    expect(text.match(/3 December 2026/g)?.length).toBe(3);
    expect(text).not.toContain('2025');
  });

  it('prerenders placeholders, never a cohort, for the server to fill', () => {
    const html = renderToString(
      <LandingPage cohort={COHORT_PLACEHOLDERS} contactEmail={CONTACT_EMAIL_PLACEHOLDER} />,
    );
    expect(html).toContain(`Cohort ${COHORT_PLACEHOLDERS.number}`);
    expect(html).toContain(COHORT_PLACEHOLDERS.start);
    expect(html).toContain(COHORT_PLACEHOLDERS.deadline);
    expect(html).not.toMatch(/Cohort (<!-- -->)?\d+ (of|starts|·)/);
    expect(html).toContain(`href="mailto:${CONTACT_EMAIL_PLACEHOLDER}"`);
    expect(html).not.toMatch(/@theemploymentbootcamp/);
  });
});
