/** Country of Origin while its combobox is still on the way: nothing the person did in the plain field is lost. */
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorMap } from '../../../machines/rules';
import type { CountryField as Field } from '../../../src/components/CountryField';
import { COUNTRY_LABEL as LABEL, renderCountryField } from '../support/countryField';

// Each test gets the page as a fresh phone has it: the combobox's chunk not fetched yet (React.lazy keeps what it
// loaded once for the module's life).
let CountryField: typeof Field;
beforeEach(async () => {
  vi.resetModules();
  ({ CountryField } = await import('../../../src/components/CountryField'));
});

const renderField = (errors: ErrorMap = {}) => renderCountryField(CountryField, { errors });

describe('CountryField', () => {
  it('shows a labelled field at once, then hands what was typed and the focus to the combobox', async () => {
    renderField();
    // Before the combobox's chunk has arrived (it cannot within the same task): the plain field, labelled.
    const plain = screen.getByRole<HTMLInputElement>('textbox', { name: LABEL });
    plain.focus();
    fireEvent.change(plain, { target: { value: 'Nige' } });

    const combobox = await screen.findByRole<HTMLInputElement>('combobox', { name: LABEL });
    expect(combobox.value).toBe('Nige');
    expect(document.activeElement).toBe(combobox);
    // The person types on where they were, and the list is filtered by the whole text.
    await userEvent.setup().type(combobox, 'r');
    expect(combobox.value).toBe('Niger');
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    expect(names).toEqual(['Niger', 'Nigeria']);
  });

  it('takes a country typed in full in the plain field when the person leaves it', async () => {
    const { changes } = renderField();
    const plain = screen.getByRole<HTMLInputElement>('textbox', { name: LABEL });
    plain.focus();
    fireEvent.change(plain, { target: { value: 'ghana' } });
    fireEvent.blur(plain);
    expect(changes).toEqual(['Ghana']);
    const combobox = await screen.findByRole<HTMLInputElement>('combobox', { name: LABEL });
    expect(combobox.value).toBe('Ghana');
  });

  it('names its error on the plain field as on the combobox', async () => {
    renderField({ country: ['Select your country of origin'] });
    const description = (field: HTMLElement) =>
      (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    const plain = screen.getByRole('textbox', { name: LABEL });
    expect(plain.getAttribute('aria-invalid')).toBe('true');
    expect(description(plain)).toContain('Select your country of origin');
    const combobox = await screen.findByRole('combobox', { name: LABEL });
    expect(combobox.getAttribute('aria-invalid')).toBe('true');
    expect(description(combobox)).toContain('Select your country of origin');
  });
});
