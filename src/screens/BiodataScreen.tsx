import { GENDERS } from '../../machines/rules';
import { useErrors, useFieldChange, useForm, useSend } from '../app/ApplicationContext';
import { CountryCombobox } from '../components/CountryCombobox';
import { ErrorSummary } from '../components/ErrorSummary';
import { RadioField, TextField } from '../components/Fields';
import { ScreenHeading } from './ScreenHeading';

export function BiodataScreen() {
  const send = useSend();
  const change = useFieldChange();
  const form = useForm();
  const { errors, message } = useErrors();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <ScreenHeading>Bio Data</ScreenHeading>
      <p className="lede">
        Tell us about yourself. Please answer truthfully: we check applications, and honest answers help us
        help you.
      </p>
      <ErrorSummary message={message} errors={errors} />
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
      <div className="actions">
        <button type="submit" className="button">
          Save and continue
        </button>
      </div>
    </form>
  );
}
