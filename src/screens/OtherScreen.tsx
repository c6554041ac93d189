import { useApplication, useErrors, useFieldChange, useForm } from '../app/ApplicationContext';
import { StepForm } from '../app/StepForm';
import { TextAreaField } from '../components/Fields';
import { KeyInformationModal } from './KeyInformationModal';

export function OtherScreen() {
  const change = useFieldChange();
  const form = useForm();
  const { errors } = useErrors();
  const modalOpen = useApplication(
    (s) => s.matches({ other: 'keyInformation' }) || s.matches({ other: 'submitting' }),
  );

  return (
    <StepForm
      title="Getting to know you"
      lede="A few sentences for each is enough. Tell us in your own words."
      submitLabel="Save & Continue"
      hideErrors={modalOpen}
    >
      <TextAreaField
        name="key_challenge"
        label="What do you find most challenging?"
        value={form.key_challenge}
        onChange={change('key_challenge')}
        errors={modalOpen ? {} : errors}
      />
      <TextAreaField
        name="leadership_experience"
        label="Have you ever led anything? Tell us about it."
        value={form.leadership_experience}
        onChange={change('leadership_experience')}
        errors={modalOpen ? {} : errors}
      />
      <TextAreaField
        name="distractions"
        label="How do you manage distraction?"
        value={form.distractions}
        onChange={change('distractions')}
        errors={modalOpen ? {} : errors}
      />
      <TextAreaField
        name="bootcamp_expectations"
        label="What difference do you hope the bootcamp will make in your life?"
        value={form.bootcamp_expectations}
        onChange={change('bootcamp_expectations')}
        errors={modalOpen ? {} : errors}
      />
      <KeyInformationModal open={modalOpen} />
    </StepForm>
  );
}
