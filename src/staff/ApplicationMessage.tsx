/**
 * "Send a message" on an application's page (admins; docs/decisions/012-emails.md): it takes the
 * templates' variables and goes through the outbox.
 */
import type { MailTemplate } from '../../machines/rules/mailTemplates';
import { STAFF_TEMPLATE_MESSAGES as M } from '../../machines/rules/staff/templateMessages';
import { ErrorSummary } from '../components/ErrorSummary';
import { Notice } from '../components/Notice';
import { asMessageFields, MessageWordsForm } from './MessageWordsForm';
import { useStaff } from './StaffContext';
import { useResource } from './useResource';

/** "Send a message" to one applicant, on their page. */
export function ApplicationMessage({ id }: { id: number }) {
  const { api } = useStaff();
  const { actor, view } = useResource<null, MailTemplate>(
    () => Promise.resolve(null),
    async (words) => {
      await api.messageOne(id, words);
      return M.sentOne;
    },
  );
  const { message, notice } = view;
  const errors = asMessageFields(view.errors);
  return (
    <section className="staff-section" aria-labelledby="message-title">
      <h2 id="message-title">Send a message</h2>
      <Notice>{notice}</Notice>
      <ErrorSummary message={message} errors={errors} />
      {/* Keyed by the notice: a sent message clears the form, a refused one stays for its writer to fix. */}
      <MessageWordsForm
        key={notice ?? ''}
        errors={errors}
        busy={view.busy}
        action="Send the message"
        onSubmit={(words) => actor.send({ type: 'SAVE', request: words })}
      />
    </section>
  );
}
