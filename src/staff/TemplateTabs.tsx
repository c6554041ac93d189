import { TEMPLATE_KINDS, TEMPLATE_LABELS, type TemplateKind } from '../../machines/rules/mailTemplates';
import { Button } from '../components/Button';

/** One button a template; the one shown is pressed. */
export function TemplateTabs({
  chosen,
  onChoose,
}: {
  chosen: TemplateKind;
  onChoose: (kind: TemplateKind) => void;
}) {
  return (
    <nav aria-label="Templates" className="staff-template-tabs">
      {TEMPLATE_KINDS.map((kind) => (
        <Button
          key={kind}
          look={kind === chosen ? 'primary' : 'secondary'}
          aria-pressed={kind === chosen}
          onClick={() => onChoose(kind)}
        >
          {TEMPLATE_LABELS[kind]}
        </Button>
      ))}
    </nav>
  );
}
