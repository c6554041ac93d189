import type { ReactNode } from 'react';
import { seesContact } from '../../machines/rules/staff/contact';
import { type StaffRole } from '../../machines/rules/staff/roles';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { AnswerSection } from './AnswerSection';

/** About the applicant and how they heard of us; contact details only for a role that sees them. */
export function ApplicantAnswers({ page, role }: { page: StaffApplicationPage; role: StaffRole }) {
  const a = page.answers;
  return (
    <>
      <AnswerSection
        title="About the applicant"
        rows={[
          ['First name', a.firstname],
          ['Middle name', a.middlename],
          ['Last name', a.lastname],
          ['Gender', a.gender],
          ['Country', a.country],
          ['City', a.city],
          // Absent for a role that does not see contact details (`seesContact`): no row rather than a blank one.
          ...(seesContact(role)
            ? ([
                ['Email', a.email],
                ['Phone', a.phone],
                ['WhatsApp', a.whatsapp_phone],
              ] as [string, ReactNode][])
            : []),
          ['Referred by', a.referred_by],
        ]}
      />
      <AnswerSection
        title="How they heard about us"
        rows={[
          ['Source', a.communications.referral_source],
          ['Detail', a.communications.referral_detail],
          ['Agreed to programme news', a.communications.communication_consent ? 'Yes' : 'No'],
        ]}
      />
    </>
  );
}
