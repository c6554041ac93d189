import { GENDERS } from '../../machines/rules';
import { useApplication, useErrors, useFieldChange, useForm } from '../app/ApplicationProvider';
import { SavedAnswersNote, StepForm } from './StepForm';
import { readConfig } from '../config';
import { CountryCombobox } from '../components/CountryCombobox';
import { RadioField, TextField } from '../components/Fields';

export function BiodataScreen() {
  const change = useFieldChange();
  const form = useForm();
  const { errors } = useErrors();
  // Once the application exists these answers are on the server; edits here would never reach it.
  const existing = useApplication((s) => s.context.existing);
  return (
    <StepForm
      locked={existing ? <SavedAnswersNote support={readConfig().supportEmail} /> : undefined}
      title="Bio Data"
      lede="Tell us about yourself. Please answer truthfully: we check applications, and honest answers help us help you."
    >
      <TextField
        name="firstname"
        label="First Name"
        autoComplete="given-name"
        value={form.firstname}
        onChange={change('firstname')}
        errors={errors}
      />
      <TextField
        name="middlename"
        label="Middle Name"
        optional
        autoComplete="additional-name"
        value={form.middlename}
        onChange={change('middlename')}
        errors={errors}
      />
      <TextField
        name="lastname"
        label="Last Name"
        autoComplete="family-name"
        value={form.lastname}
        onChange={change('lastname')}
        errors={errors}
      />
      <RadioField
        name="gender"
        label="Gender"
        options={GENDERS}
        value={form.gender}
        onChange={change('gender')}
        errors={errors}
      />
      <CountryCombobox
        name="country"
        label="Country of Origin"
        value={form.country}
        onChange={change('country')}
        errors={errors}
      />
      <TextField
        name="city"
        label="Country and City of Residence"
        hint="For example: Nigeria, Lagos"
        autoComplete="address-level2"
        value={form.city}
        onChange={change('city')}
        errors={errors}
      />
    </StepForm>
  );
}
