import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { assessors, facilitators } from '../../../src/content/faculty';
import { heroPairs } from '../../../src/content/hero';
import { partners } from '../../../src/content/partners';
import { levels } from '../../../src/content/curriculum';
import { LandingPage } from '../../../src/landing/LandingPage';

const ids = [
  'hero',
  'about',
  'gant',
  'curriculum',
  'services',
  'faculty',
  'testimonial',
  'clients',
  'whatsItGonnaBe',
  'faq',
  'footer',
];

describe('landing page', () => {
  it('has every section of the spec, in order', () => {
    render(<LandingPage />);
    const found = [...document.querySelectorAll('[id]')].map((el) => el.id).filter((id) => ids.includes(id));
    expect(found).toEqual(ids);
  });

  it('sends every Apply Now to /apply in a new tab', () => {
    render(<LandingPage />);
    const applies = screen.getAllByRole('link', { name: /Apply Now/ });
    expect(applies.length).toBeGreaterThanOrEqual(6);
    for (const a of applies) {
      expect(a.getAttribute('href')).toBe('/apply');
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
    }
  });

  it('shows the content the spec counts', () => {
    render(<LandingPage />);
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
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(screen.getByText('Cohort 6 starts 10 March 2025', { selector: '.keyinfo-lead' })).toBeTruthy();
    expect(screen.getByText('N60,000 (Nigeria) or $50 (international)')).toBeTruthy();
  });

  it('gives the video a poster, controls, no preload and the fallback text', () => {
    render(<LandingPage />);
    const video = document.querySelector('video')!;
    expect(video.getAttribute('poster')).toBeTruthy();
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.textContent).toContain('Your browser does not support the video tag.');
  });

  it('sizes every image and lazy-loads every image below the hero', () => {
    render(<LandingPage />);
    for (const img of document.querySelectorAll('img')) {
      expect(img.getAttribute('width')).toBeTruthy();
      expect(img.getAttribute('height')).toBeTruthy();
      expect(img.getAttribute('loading')).toBe('lazy');
    }
  });

  it('has a footer with the 2024 copyright, mailto and tel links and three social icons', () => {
    render(<LandingPage />);
    const footer = document.getElementById('footer')!;
    expect(footer.textContent).toContain('© 2024');
    expect(footer.querySelector('a[href^="mailto:"]')).not.toBeNull();
    expect(footer.querySelector('a[href^="tel:"]')).not.toBeNull();
    expect(footer.querySelectorAll('.footer-social a')).toHaveLength(3);
    for (const name of ['Shop', 'Privacy Policy', 'Terms of Service']) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
  });

  it('renders on the server with the hero words in the markup', () => {
    const html = renderToString(<LandingPage />);
    expect(html).toContain(heroPairs[0].headline);
    expect(html).toContain('id="whatsItGonnaBe"');
  });
});
