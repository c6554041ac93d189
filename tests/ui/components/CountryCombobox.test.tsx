/** Country of Origin, our own ARIA combobox (decisions 045 and 193), as a person on Bio Data meets it. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTRIES, type ErrorMap } from '../../../machines/rules';
import { CountryCombobox } from '../../../src/components/CountryCombobox';

const LABEL = 'Country of Origin';

/** The field in a form, holding its value as Bio Data does; `changes` are its onChange calls, `submits` the form's. */
function renderField({ value = '', errors = {} }: { value?: string; errors?: ErrorMap } = {}) {
  const changes: string[] = [];
  let submits = 0;
  function BioData() {
    const [country, setCountry] = useState(value);
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submits += 1;
        }}
      >
        <CountryCombobox
          name="country"
          label={LABEL}
          value={country}
          onChange={(next) => {
            changes.push(next);
            setCountry(next);
          }}
          errors={errors}
        />
        <button type="submit">Save and continue</button>
      </form>
    );
  }
  render(<BioData />);
  return {
    user: userEvent.setup(),
    field: screen.getByRole<HTMLInputElement>('combobox', { name: LABEL }),
    changes,
    submits: () => submits,
  };
}

const list = () => screen.queryByRole('listbox', { name: LABEL });
const optionNames = () =>
  within(screen.getByRole('listbox', { name: LABEL }))
    .getAllByRole('option')
    .map((o) => o.textContent);
const activeOption = (field: HTMLElement) => {
  const id = field.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

// jsdom lays nothing out and has no scrollIntoView: the field's calls are recorded instead.
const scrolled = vi.fn();
beforeEach(() => {
  scrolled.mockClear();
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

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
    // Nothing is active until the person types or moves: Enter on a field just tabbed to picks nothing.
    expect(field.hasAttribute('aria-activedescendant')).toBe(false);

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
    expect(activeOption(field)?.getAttribute('aria-selected')).toBe('true');

    await user.clear(field);
    await user.type(field, 'COTE');
    expect(optionNames()).toEqual(["Côte d'Ivoire"]);
  });

  it('chooses with ArrowDown and Enter: the list closes, the field names the country, and the form is not sent', async () => {
    const { user, field, changes, submits } = renderField();
    await user.type(field, 'nige');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(field)?.textContent).toBe('Nigeria');
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'nearest' });
    expect(scrolled.mock.contexts.at(-1)).toBe(activeOption(field));

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

  it('opens on ArrowDown after a choice, on the chosen country, and ArrowUp from the first option goes to the last', async () => {
    const { user, field } = renderField({ value: 'Ghana' });
    await user.tab();
    await user.keyboard('{Escape}');
    expect(list()).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(list()).not.toBeNull();
    expect(activeOption(field)?.textContent).toBe('Ghana');
    expect(activeOption(field)?.className).toContain('combobox__option--chosen');

    await user.clear(field);
    await user.type(field, 'nige');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(field)?.textContent).toBe('Nigeria');
  });

  it('closes on Escape and shows the chosen country again, choosing nothing', async () => {
    const { user, field, changes } = renderField({ value: 'Ghana' });
    await user.click(field);
    await user.clear(field);
    await user.type(field, 'nige');
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
    // No listbox stands empty, and the field points at no option.
    expect(list()).toBeNull();
    expect(field.getAttribute('aria-expanded')).toBe('false');
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
    const toggle = screen.getByRole('button', { name: `Show all countries for ${LABEL}` });
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
