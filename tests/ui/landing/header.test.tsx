import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Header, navLinks } from '../../../src/landing/sections/Header';

const menu = () => document.getElementById('mobile-menu')!;
const toggle = () => screen.getByText('Menu').closest('summary')!;
/** The Menu is a <details>: open is the browser's own state, shown to assistive technology as expanded. */
const isOpen = () => menu().closest('details')!.open;

describe('header', () => {
  it('links to the six sections and opens Apply Now in a new tab', () => {
    render(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['About', '#about'],
      ['Curriculum', '#curriculum'],
      ['Why Apply', '#services'],
      ['Faculty', '#faculty'],
      ['Testimonials', '#testimonial'],
      ['FAQ', '#faq'],
    ]);
    const apply = screen.getAllByRole('link', { name: /Apply Now/ })[0];
    expect(apply.getAttribute('href')).toBe('/apply');
    expect(apply.getAttribute('target')).toBe('_blank');
  });

  it('opens and closes the mobile menu with the hamburger button', async () => {
    const user = userEvent.setup();
    render(<Header />);
    expect(toggle().tagName).toBe('SUMMARY');
    expect(isOpen()).toBe(false);

    await user.click(toggle());
    expect(isOpen()).toBe(true);

    await user.click(toggle());
    expect(isOpen()).toBe(false);
  });

  it('mobile links go to the site origin plus the anchor, and close the menu', async () => {
    const user = userEvent.setup();
    render(<Header />);
    await user.click(toggle());
    const links = within(screen.getByRole('navigation', { name: 'Sections menu' })).getAllByRole('link');
    expect(links.map((a) => (a as HTMLAnchorElement).href)).toEqual(
      navLinks.map((l) => `${window.location.origin}/${l.anchor}`),
    );
    await user.click(links[5]);
    expect(isOpen()).toBe(false);
  });

  it('the mobile Apply Now goes to /apply and closes the menu', async () => {
    const user = userEvent.setup();
    render(<Header />);
    await user.click(toggle());
    const apply = within(menu()).getByRole('link', { name: /Apply Now/ });
    expect(apply.getAttribute('href')).toBe('/apply');
    await user.click(apply);
    expect(isOpen()).toBe(false);
  });

  it('Escape closes the menu and gives focus back to the button', async () => {
    const user = userEvent.setup();
    render(<Header />);
    await user.click(toggle());
    expect(isOpen()).toBe(true);
    await user.keyboard('{Escape}');
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(toggle());
  });
});
