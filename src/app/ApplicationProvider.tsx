import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { Actor } from 'xstate';
import type {
  ApplicationEvent,
  ApplicationSnapshot,
  applicationMachine,
  FieldValue,
  FormField,
} from '../../machines/application.machine';
import type { ApplicationForm } from '../../machines/applicationForm';

export type ApplicationActor = Actor<typeof applicationMachine>;

const ActorContext = createContext<ApplicationActor | null>(null);

export function ApplicationProvider({ actor, children }: { actor: ApplicationActor; children: ReactNode }) {
  return <ActorContext.Provider value={actor}>{children}</ActorContext.Provider>;
}

export function useApplicationActor(): ApplicationActor {
  const actor = useContext(ActorContext);
  if (!actor) throw new Error('useApplicationActor needs an ApplicationProvider');
  return actor;
}

export function useApplication<T>(
  selector: (snapshot: ApplicationSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useApplicationActor(), selector, compare);
}

export function useSend(): (event: ApplicationEvent) => void {
  const actor = useApplicationActor();
  return useCallback((event: ApplicationEvent) => actor.send(event), [actor]);
}

/** `change('firstname')` is the onChange of the First Name field. */
export function useFieldChange() {
  const send = useSend();
  return useCallback(
    <F extends FormField>(field: F) =>
      (value: FieldValue) =>
        send({ type: 'FIELD.CHANGE', field, value }),
    [send],
  );
}

/** The form, its errors and the failure message: what every form screen shows. */
export const useForm = () => useApplication((s) => s.context.form);
export const useErrors = () =>
  useApplication(
    (s) => ({ errors: s.context.errors, message: s.context.errorMessage }),
    (a, b) => a.errors === b.errors && a.message === b.message,
  );

/** The form's fields that hold text, and those that hold a yes or no. */
type FieldsOf<T> = { [F in FormField]: ApplicationForm[F] extends T ? F : never }[FormField];

/**
 * The props every form field takes from the machine, spread into it: `<TextField {...field('city')} label=… />`,
 * `<CheckboxField {...checkbox('agreement')} label=… />`.
 */
export function useFormFields() {
  const change = useFieldChange();
  const form = useForm();
  const { errors } = useErrors();
  return {
    field: <F extends FieldsOf<string>>(name: F) => ({
      name,
      value: form[name],
      onChange: change(name),
      errors,
    }),
    checkbox: <F extends FieldsOf<boolean>>(name: F) => ({
      name,
      checked: form[name],
      onChange: change(name),
      errors,
    }),
  };
}
