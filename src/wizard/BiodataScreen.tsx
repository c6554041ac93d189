import { GENDERS } from '../../machines/rules';
import { useApplication, useFormFields } from '../app/ApplicationProvider';
import { SavedAnswersNote, StepForm } from './StepForm';
import { readConfig } from '../config';
import { CountryField } from '../components/CountryField';
import { RadioField, TextField } from '../components/Fields';

export function BiodataScreen() {
  const { field } = useFormFields();
  // Once the application exists these answers are on the server; edits here would never reach it.
  const existing = useApplication((s) => s.context.existing);
  return (
    <StepForm
      locked={existing ? <SavedAnswersNote support={readConfig().supportEmail} /> : undefined}
      title="Bio Data"
      lede="Tell us about yourself. Please answer truthfully: we check applications, and honest answers help us help you."
    >
      <TextField {...field('firstname')} label="First Name" autoComplete="given-name" />
      <TextField {...field('middlename')} label="Middle Name" optional autoComplete="additional-name" />
      <TextField {...field('lastname')} label="Last Name" autoComplete="family-name" />
      <RadioField {...field('gender')} label="Gender" options={GENDERS} />
      <CountryField {...field('country')} label="Country of Origin" />
      <TextField
        {...field('city')}
        label="Country and City of Residence"
        hint="For example: Nigeria, Lagos"
        autoComplete="address-level2"
      />
    </StepForm>
  );
}
