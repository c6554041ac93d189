/**
 * A step's question as its spec describes it (machines/steps/spec.ts `Question`): the control, the label, the hint
 * and the options all come from the spec, so a screen lists no field by hand.
 */
import type { Question } from '../../machines/steps/spec';
import { useFormFields } from '../app/ApplicationProvider';
import { RadioField, SelectField, TextAreaField, TextField } from '../components/Fields';

type TextFieldName = Parameters<ReturnType<typeof useFormFields>['field']>[0];

export function QuestionField({ name, question }: { name: string; question: Question }) {
  const { field } = useFormFields();
  const props = { ...field(name as TextFieldName), label: question.label, hint: question.hint };
  switch (question.control) {
    case 'radio':
      return <RadioField {...props} options={question.options ?? []} />;
    case 'select':
      return <SelectField {...props} options={question.options ?? []} />;
    case 'textarea':
      return <TextAreaField {...props} />;
    case 'date':
      return <TextField {...props} type="date" />;
    default:
      return <TextField {...props} />;
  }
}
