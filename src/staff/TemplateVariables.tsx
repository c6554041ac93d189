import { TEMPLATE_VARIABLE_HELP, TEMPLATE_VARIABLES } from '../../machines/rules/mailTemplates';

/** The variables and what each becomes: the same list for every template and for messages. */
export function TemplateVariables() {
  return (
    <details className="staff-variables">
      <summary>Variables you can use</summary>
      <dl>
        {TEMPLATE_VARIABLES.map((name) => (
          <div key={name}>
            <dt>
              <code>{`{{${name}}}`}</code>
            </dt>
            <dd>{TEMPLATE_VARIABLE_HELP[name]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
