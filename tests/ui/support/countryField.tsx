/** Country of Origin as Bio Data holds it, for the combobox and for the plain field that stands in while it loads. */
import { render } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import type { ErrorMap } from '../../../machines/rules';
import type { CountryComboboxProps } from '../../../src/components/CountryCombobox';

export const COUNTRY_LABEL = 'Country of Origin';

/**
 * `Field` in a form with its send button, holding its value in state as Bio Data does; `changes` are its onChange
 * calls, `submits()` how often the form was sent.
 */
export function renderCountryField(
  Field: ComponentType<CountryComboboxProps>,
  { value = '', errors = {} }: { value?: string; errors?: ErrorMap } = {},
) {
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
        <Field
          name="country"
          label={COUNTRY_LABEL}
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
  return { changes, submits: () => submits };
}
