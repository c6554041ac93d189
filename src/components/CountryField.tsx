/**
 * Country of Origin on Bio Data: Headless UI's combobox, fetched after the screen (with its list virtualiser and
 * floating layer, about 40 KB compressed) so that it does not hold back the first press (docs/performance.md,
 * decision 242). Until it arrives, a plain field stands in its place with the same label, id and error: what the
 * person types there, and the focus, are handed to the combobox.
 */
import { lazy, Suspense, useState } from 'react';
import type { CountryComboboxProps } from './CountryCombobox';
import { countryNamed } from '../../machines/rules';
import { controlProps, FieldFrame } from './FieldFrame';

const CountryCombobox = lazy(() => import('./CountryCombobox').then((m) => ({ default: m.CountryCombobox })));

type CountryFieldProps = Omit<CountryComboboxProps, 'typed' | 'focused'>;

export function CountryField(props: CountryFieldProps) {
  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(false);
  const { name, label, errors, value, onChange } = props;
  const stand = (
    <FieldFrame name={name} label={label} errors={errors}>
      <input
        {...controlProps({ name, errors }, typed || value, setTyped)}
        className="input"
        placeholder="Select your country"
        autoComplete="off"
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          // As on the combobox: a country typed in full is taken when the person leaves.
          const country = countryNamed(typed);
          if (country && country !== value) onChange(country);
        }}
      />
    </FieldFrame>
  );
  return (
    <Suspense fallback={stand}>
      <CountryCombobox {...props} typed={typed} focused={focused} />
    </Suspense>
  );
}
