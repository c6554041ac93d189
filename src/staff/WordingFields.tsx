import { TextAreaField, TextField, type useFieldState } from '../components/Fields';

type FieldState = ReturnType<typeof useFieldState>;

/** An email's subject and body, as a template and a message to applicants are both written. */
export function WordingFields({
  subject,
  body,
  bodyLabel,
  bodyHint,
}: {
  subject: FieldState;
  body: FieldState;
  bodyLabel: string;
  bodyHint: string;
}) {
  return (
    <>
      <TextField {...subject} label="Subject" />
      <TextAreaField {...body} label={bodyLabel} hint={bodyHint} />
    </>
  );
}
