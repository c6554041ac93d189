import { MESSAGES } from '../../machines/rules';
import { useSend } from '../app/ApplicationProvider';
import { AppDialog } from '../components/Dialog';
import { Button } from '../components/Button';
import { readConfig } from '../config';

/** For a CV that will not upload: send it by email, then say so. */
export function CvHelpDialog({ open }: { open: boolean }) {
  const send = useSend();
  const support = readConfig().supportEmail;
  return (
    <AppDialog
      open={open}
      title="Send your CV by email"
      description={
        <>
          {MESSAGES.cvUploadFailed} Write to <a href={`mailto:${support}`}>{support}</a> with your CV attached
          and the email address you are applying with.
        </>
      }
      onClose={() => send({ type: 'CANCEL' })}
      actions={
        <>
          <Button look="secondary" onClick={() => send({ type: 'CANCEL' })}>
            Cancel
          </Button>
          <Button onClick={() => send({ type: 'CV.SENT' })}>I have sent it</Button>
        </>
      }
    />
  );
}
