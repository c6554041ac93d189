import { useApplication, useErrors, useFieldChange, useForm, useSend } from '../app/ApplicationContext';
import { ErrorSummary } from '../components/ErrorSummary';
import { TextAreaField } from '../components/Fields';
import { KeyInformationModal } from './KeyInformationModal';
import { ScreenHeading } from './ScreenHeading';

export function OtherScreen() {
  const send = useSend();
  const change = useFieldChange();
  const form = useForm();
  const { errors, message } = useErrors();
  const modalOpen = useApplication(
    (s) => s.matches({ other: 'keyInformation' }) || s.matches({ other: 'submitting' }),
  );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <ScreenHeading>Getting to know you</ScreenHeading>
      <p className="lede">A few sentences for each is enough. Tell us in your own words.</p>
      {!modalOpen && <ErrorSummary message={message} errors={errors} />}
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
      <div className="actions">
        <button type="submit" className="button">
          Save &amp; Continue
        </button>
      </div>
      <KeyInformationModal open={modalOpen} />
    </form>
  );
}
