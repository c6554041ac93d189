/** The throwaway pets step's screen (tests/support/petsStep.ts): it renders the machine's state and sends events. */
import { useApplication, useSend } from '../../../src/app/ApplicationProvider';

export function PetsScreen() {
  const send = useSend();
  const name = useApplication((s) => (s.context.form as { pet_name?: string }).pet_name ?? '');
  const errors = useApplication((s) => s.context.errors.pet_name ?? []);
  return (
    <section>
      <h1>Pets</h1>
      <label>
        Your pet’s name
        <input
          value={name}
          onChange={(e) => send({ type: 'FIELD.CHANGE', field: 'pet_name', value: e.target.value } as never)}
        />
      </label>
      {errors.map((message) => (
        <p role="alert" key={message}>
          {message}
        </p>
      ))}
      <button type="button" onClick={() => send({ type: 'SAVE' })}>
        Save and continue
      </button>
    </section>
  );
}
