/** Country of Origin, Headless UI's combobox (decision 002), as a person on Bio Data meets it. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, type ErrorMap } from '../../../machines/rules';
import { CountryCombobox } from '../../../src/components/CountryCombobox';
import { COUNTRY_LABEL as LABEL, renderCountryField } from '../support/countryField';

// Headless UI names the list by the field's label and its ▾ button.
const LIST = `${LABEL} Show all countries`;

/** The field in Bio Data's form; `changes` are its onChange calls, `submits` the form's. */
function renderField(options: { value?: string; errors?: ErrorMap } = {}) {
  const { changes, submits } = renderCountryField(CountryCombobox, options);
  return {
    user: userEvent.setup(),
    field: screen.getByRole<HTMLInputElement>('combobox', { name: LABEL }),
    changes,
    submits,
  };
}

const list = () => screen.queryByRole('listbox', { name: LIST });
const optionNames = () =>
  within(screen.getByRole('listbox', { name: LIST }))
    .getAllByRole('option')
    .map((o) => o.textContent);
const activeOption = (field: HTMLElement) => {
  const id = field.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('CountryCombobox', () => {
  it('opens the whole list when the field gets the focus, and on a click or tap once closed', async () => {
    const { user, field } = renderField();
    expect(field.placeholder).toBe('Select your country');
    expect(list()).toBeNull();
    expect(field.getAttribute('aria-expanded')).toBe('false');

    await user.tab();
    expect(document.activeElement).toBe(field);
    expect(optionNames()).toEqual([...COUNTRIES]);
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(field.getAttribute('aria-controls')).toBe(list()?.id);
    // The first country is lit, as Enter would choose it.
    expect(activeOption(field)?.textContent).toBe(COUNTRIES[0]);
    expect(activeOption(field)?.hasAttribute('data-focus')).toBe(true);

    await user.keyboard('{Escape}');
    expect(list()).toBeNull();
    await user.click(field);
    expect(optionNames()).toHaveLength(COUNTRIES.length);
  });

  it('filters as the person types, whatever the case and accents, and makes the first match active', async () => {
    const { user, field } = renderField();
    await user.type(field, 'nige');
    expect(optionNames()).toEqual(['Niger', 'Nigeria']);
    expect(activeOption(field)?.textContent).toBe('Niger');
    // Lit (the style's hook), and not yet chosen.
    expect(activeOption(field)?.hasAttribute('data-focus')).toBe(true);
    expect(activeOption(field)?.getAttribute('aria-selected')).toBe('false');

    await user.clear(field);
    await user.type(field, 'COTE');
    expect(optionNames()).toEqual(["Côte d'Ivoire"]);
  });

  it('chooses with ArrowDown and Enter: the list closes, the field names the country, and the form is not sent', async () => {
    const { user, field, changes, submits } = renderField();
    await user.type(field, 'nige');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(field)?.textContent).toBe('Nigeria');

    await user.keyboard('{Enter}');
    expect(changes).toEqual(['Nigeria']);
    expect(list()).toBeNull();
    expect(field.value).toBe('Nigeria');
    expect(document.activeElement).toBe(field);
    expect(submits()).toBe(0);
    // With the list closed, Enter sends the form as in any other field.
    await user.keyboard('{Enter}');
    expect(submits()).toBe(1);
  });

  it('opens on ArrowDown after a choice, on the chosen country, and ArrowUp moves back', async () => {
    const { user, field } = renderField({ value: 'Ghana' });
    await user.tab();
    await user.keyboard('{Escape}');
    expect(list()).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(list()).not.toBeNull();
    expect(activeOption(field)?.textContent).toBe('Ghana');
    expect(activeOption(field)?.className).toContain('combobox__option--chosen');
    expect(activeOption(field)?.getAttribute('aria-selected')).toBe('true');

    await user.type(field, 'nige', { initialSelectionStart: 0, initialSelectionEnd: 5 });
    await user.keyboard('{ArrowDown}');
    expect(activeOption(field)?.textContent).toBe('Nigeria');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(field)?.textContent).toBe('Niger');
  });

  it('closes on Escape and shows the chosen country again, choosing nothing', async () => {
    const { user, field, changes } = renderField({ value: 'Ghana' });
    await user.click(field);
    // Typed over the chosen country (emptying the field would clear the choice, as ✕ does).
    await user.type(field, 'nige', { initialSelectionStart: 0, initialSelectionEnd: 5 });
    expect(optionNames()).toEqual(['Niger', 'Nigeria']);
    await user.keyboard('{Escape}');
    expect(list()).toBeNull();
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.hasAttribute('aria-activedescendant')).toBe(false);
    expect(field.value).toBe('Ghana');
    expect(changes).toEqual([]);
  });

  it('chooses an option clicked or tapped, and the focus stays on the field', async () => {
    const { user, field, changes } = renderField();
    await user.type(field, 'nige');
    await user.click(screen.getByRole('option', { name: 'Nigeria' }));
    expect(changes).toEqual(['Nigeria']);
    expect(field.value).toBe('Nigeria');
    expect(list()).toBeNull();
    expect(document.activeElement).toBe(field);
  });

  it('says when nothing matches, and text that is no country sets nothing when the person leaves', async () => {
    const { user, field, changes } = renderField();
    await user.type(field, 'nige');
    await user.type(field, 'x');
    expect(screen.getByRole('status').textContent).toBe('No country matches “nigex”');
    // No option stands in the list, and the field points at none.
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(field.hasAttribute('aria-activedescendant')).toBe(false);
    await user.tab();
    expect(list()).toBeNull();
    expect(screen.queryByText(/No country matches/)).toBeNull();
    expect(field.value).toBe('');
    expect(changes).toEqual([]);
  });

  it('takes a country typed in full when the person leaves, whatever its case', async () => {
    const { user, field, changes } = renderField();
    await user.type(field, 'nigeria');
    await user.tab();
    expect(changes).toEqual(['Nigeria']);
    expect(field.value).toBe('Nigeria');
  });

  it('empties with the clear button, which shows only once a country is chosen', async () => {
    const { user, field, changes } = renderField({ value: 'Nigeria' });
    await user.click(screen.getByRole('button', { name: `Clear ${LABEL}` }));
    expect(changes).toEqual(['']);
    expect(field.value).toBe('');
    expect(screen.queryByRole('button', { name: `Clear ${LABEL}` })).toBeNull();
    expect(document.activeElement).toBe(field);
  });

  it('opens and closes the whole list with the ▾ button, the focus on the field', async () => {
    const { user, field } = renderField();
    const toggle = screen.getByRole('button', { name: LIST });
    await user.click(toggle);
    expect(optionNames()).toHaveLength(COUNTRIES.length);
    expect(document.activeElement).toBe(field);
    await user.click(toggle);
    expect(list()).toBeNull();
    expect(document.activeElement).toBe(field);
  });

  it('carries its error: aria-invalid, and aria-describedby naming the message', () => {
    const { field } = renderField({ errors: { country: ['What country are you from?'] } });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = field.getAttribute('aria-describedby');
    expect(described && document.getElementById(described)?.textContent).toBe(
      'Error: What country are you from?',
    );
  });

  it('is not invalid without an error', () => {
    const { field } = renderField();
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    expect(field.hasAttribute('aria-describedby')).toBe(false);
  });
});
