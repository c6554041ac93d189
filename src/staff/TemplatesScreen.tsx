/**
 * Email templates (/staff/templates, admins): the decision emails' subject and body, the variables they may use, a
 * preview filled with a sample applicant, Save and "Restore the default" (docs/decisions/012-emails.md).
 */
import { useState } from 'react';
import type { MailTemplate, StaffTemplate, TemplateKind } from '../../machines/rules/mailTemplates';
import { STAFF_TEMPLATE_MESSAGES } from '../../machines/rules/staff/templateMessages';
import { useStaff } from './StaffContext';
import { PageTitle } from './PageTitle';
import { TemplateEditor } from './TemplateEditor';
import { TemplateTabs } from './TemplateTabs';
import { TemplateVariables } from './TemplateVariables';
import { ResourceStatus } from './ResourceStatus';
import { useResource } from './useResource';

type TemplateChange =
  | { kind: 'save'; template: TemplateKind; wording: MailTemplate }
  | { kind: 'restore'; template: TemplateKind };

export function TemplatesScreen() {
  const { api, me } = useStaff();
  const { actor, view } = useResource<StaffTemplate[], TemplateChange>(
    () => api.templates(),
    async (change) => {
      if (change.kind === 'save') {
        await api.saveTemplate(change.template, change.wording);
        return STAFF_TEMPLATE_MESSAGES.saved;
      }
      await api.restoreTemplate(change.template);
      return STAFF_TEMPLATE_MESSAGES.restored;
    },
  );
  const templates = view.data ?? [];
  const { errors } = view;
  const [chosen, choose] = useState<TemplateKind>('accepted');
  const template = templates.find((x) => x.kind === chosen);

  if (me.role !== 'admin')
    return <PageTitle title="Email templates">Email templates: only an admin can see this page</PageTitle>;
  return (
    <>
      <PageTitle title="Email templates" />
      <p>The emails a decision sends. An edited template is used for every email that leaves from then on.</p>
      <ResourceStatus actor={actor} view={view} />
      <TemplateTabs chosen={chosen} onChoose={choose} />
      <TemplateVariables />
      {template && (
        <TemplateEditor
          key={`${template.kind} ${template.edited?.at ?? 'default'}`}
          template={template}
          errors={errors}
          busy={view.busy}
          onSave={(wording) =>
            actor.send({ type: 'SAVE', request: { kind: 'save', template: chosen, wording } })
          }
          onRestore={() => actor.send({ type: 'SAVE', request: { kind: 'restore', template: chosen } })}
        />
      )}
    </>
  );
}
