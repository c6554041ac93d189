import { Link } from 'react-router-dom';
import { CONFIRM_SAVE, REFERRAL_SOURCES, REFERRAL_SOURCES_WITH_DETAIL } from '../../machines/rules';
import { useApplication, useForm, useFormFields, useSend } from '../app/ApplicationProvider';
import { SavedAnswersNote, StepForm } from './StepForm';
import { AppDialog } from '../components/Dialog';
import { CheckboxField, RadioField, TextField } from '../components/Fields';
import { readConfig } from '../config';
import { Button } from '../components/Button';
// Loaded with this screen only: it plugs the phone reading into the shared schema (decision 002).
import { callingCode } from '../../machines/rules/phone';

/**
 * What the phone field asks for, in agreement with what is stored: a number typed as it is dialled in the country
 * picked on Bio Data is saved with that country's code.
 */
function phoneHint(country: string): string {
  const code = callingCode(country);
  return code
    ? `Start with your country code (${code} for ${country}), or type the number as you dial it in ${country}: we add the code.`
    : 'Start with your country code, for example +234.';
}

export function CommunicationsScreen() {
  const send = useSend();
  const { field, checkbox } = useFormFields();
  const form = useForm();
  const existing = useApplication((s) => s.context.existing);
  const support = readConfig().supportEmail;
  const confirming = useApplication((s) => s.matches({ communications: 'confirming' }));
  const saving = useApplication((s) => s.hasTag('busy'));
  const codeSent = useApplication((s) => s.matches({ communications: 'codeSent' }));
  const needsDetail = REFERRAL_SOURCES_WITH_DETAIL.includes(form.referral_source);

  return (
    <StepForm
      locked={existing ? <SavedAnswersNote support={support} /> : undefined}
      title="Communications"
      lede="How can we reach you? We send your code and every update about your application here."
      busy={saving}
      confirm={{ open: confirming, text: CONFIRM_SAVE.emailText }}
      actions={
        <Link className="button button--secondary" to="/apply/biodata">
          Back
        </Link>
      }
    >
      <TextField
        {...field('email')}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        disabled={existing}
        hint={
          existing
            ? 'Your email cannot be changed once your application exists: it is how we find your application and prove it is yours.'
            : undefined
        }
      />
      <TextField
        {...field('phone')}
        label="Phone number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+2348012345678"
        hint={phoneHint(form.country)}
      />
      <TextField
        {...field('whatsapp_phone')}
        label="Whatsapp number"
        optional
        type="tel"
        inputMode="tel"
        placeholder="+2348012345678"
      />
      <RadioField
        {...field('referral_source')}
        label="How did you first hear about The Employment Bootcamp?"
        options={REFERRAL_SOURCES}
      />
      {needsDetail && (
        <TextField
          {...field('referral_detail')}
          label="Who referred you? Tell us the person or organisation"
        />
      )}
      <CheckboxField
        {...checkbox('communication_consent')}
        label="Send me news about The Employment Bootcamp’s programmes and events (optional: emails about your application come either way)."
      />
      <CheckboxField
        {...checkbox('privacy_consent')}
        label={
          <>
            I have read the <a href="/privacy">privacy notice</a> and agree to The Employment Bootcamp keeping
            and using my answers as it describes.
          </>
        }
      />
      <AppDialog
        open={codeSent}
        title="Check your email"
        description={`We sent a 6-digit code to ${form.email}. Enter it on the next screen to verify your email address.`}
        onClose={() => send({ type: 'DIALOG.CLOSE' })}
        actions={
          <Button onClick={() => send({ type: 'DIALOG.CLOSE' })} autoFocus>
            Enter the code
          </Button>
        }
      />
    </StepForm>
  );
}
