import type { OTHERS_ANSWERS } from '../../machines/rules';
import { useApplication, useErrors, useFieldChange, useForm } from '../app/ApplicationContext';
import { StepForm } from '../app/StepForm';
import { TextAreaField } from '../components/Fields';
import { KeyInformationModal } from './KeyInformationModal';

/** The four open questions of SPEC §2.2, in order. */
const OPEN_QUESTIONS = [
  { name: 'key_challenge', label: 'What do you find most challenging?' },
  { name: 'leadership_experience', label: 'Have you ever led anything? Tell us about it.' },
  { name: 'distractions', label: 'How do you manage distraction?' },
  {
    name: 'bootcamp_expectations',
    label: 'What difference do you hope the bootcamp will make in your life?',
  },
] as const satisfies readonly { name: (typeof OTHERS_ANSWERS)[number]; label: string }[];

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
      {OPEN_QUESTIONS.map(({ name, label }) => (
        <TextAreaField
          key={name}
          name={name}
          label={label}
          value={form[name]}
          onChange={change(name)}
          errors={modalOpen ? {} : errors}
        />
      ))}
      <KeyInformationModal open={modalOpen} />
    </StepForm>
  );
}
