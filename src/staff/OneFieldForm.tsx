import type { ErrorMap } from '../../machines/rules/messages';
import { BusyButton } from '../components/BusyButton';
import { TextField, useFieldState } from '../components/Fields';
import { Form } from '../components/Form';

/** A form of one text field and its button (a tag to add, a name to save a view under); the field's error shows under it. */
export function OneFieldForm({
  name,
  label,
  hint,
  action,
  errors,
  busy,
  ready,
  onSubmit,
}: {
  /** The field's name, as the server's errors name it. */
  name: string;
  label: string;
  hint: string;
  action: string;
  errors: ErrorMap;
  busy: boolean;
  /** The button waits for the resource to load: the chart would hold a change made earlier, but the form shows none yet. */
  ready: boolean;
  onSubmit: (value: string) => void;
}) {
  const field = useFieldState(name, errors);
  return (
    <Form onSubmit={() => onSubmit(field.value)}>
      <TextField {...field} label={label} hint={hint} />
      <BusyButton type="submit" busy={busy} disabled={!ready}>
        {action}
      </BusyButton>
    </Form>
  );
}
