import { CONFIRM_SAVE, ELIGIBILITY_INTRO, ELIGIBILITY_QUESTIONS } from '../../machines/rules';
import { useApplication, useFormFields } from '../app/ApplicationProvider';
import { RadioField } from '../components/Fields';
import { CvUpload } from './CvUpload';
import { EligibilityResult } from './EligibilityResult';
import { StepForm } from './StepForm';

export function EligibilityScreen() {
  const showResult = useApplication((s) => s.matches({ eligibility: { answers: 'result' } }));
  return showResult ? <EligibilityResult /> : <EligibilityForm />;
}

function EligibilityForm() {
  const { field } = useFormFields();
  const confirming = useApplication((s) => s.matches({ eligibility: { answers: 'confirming' } }));
  const saving = useApplication((s) => s.matches({ eligibility: { answers: 'saving' } }));

  return (
    <StepForm
      title="Eligibility"
      lede={ELIGIBILITY_INTRO}
      busy={saving}
      confirm={{ open: confirming, text: CONFIRM_SAVE.text }}
    >
      {ELIGIBILITY_QUESTIONS.map((q) => (
        <RadioField key={q.name} {...field(q.name)} label={q.legend} options={q.options} />
      ))}
      <CvUpload />
    </StepForm>
  );
}
