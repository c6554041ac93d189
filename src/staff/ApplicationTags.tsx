/**
 * An application's tags (docs/decisions/060-the-staff-queue.md): any team member adds one or removes one; the
 * list shown is what the server stored. The queue filters by a tag (`tag=` in its URL).
 */
import { Button } from '../components/Button';
import { ErrorSummary } from '../components/ErrorSummary';
import { Notice } from '../components/Notice';
import { OneFieldForm } from './OneFieldForm';
import { useStaff } from './StaffContext';
import { useResource } from './useResource';

type TagChange = { add: string } | { remove: string };

export function ApplicationTags({ id }: { id: number }) {
  const { api } = useStaff();
  const { actor, view } = useResource<string[], TagChange>(
    () => api.tags(id),
    async (change) => {
      if ('add' in change) {
        await api.addTag(id, change.add);
        return 'Tag added';
      }
      await api.removeTag(id, change.remove);
      return 'Tag removed';
    },
  );
  const tags = view.data ?? [];
  return (
    <section className="staff-section" aria-labelledby="tags-title">
      <h2 id="tags-title">Tags</h2>
      <Notice>{view.notice}</Notice>
      <ErrorSummary message={view.message} errors={view.errors} />
      {tags.length === 0 ? (
        <p>No tags yet.</p>
      ) : (
        <ul className="staff-tags">
          {tags.map((tag) => (
            <li key={tag}>
              <span className="staff-tag">{tag}</span>{' '}
              <Button
                look="link"
                disabled={!view.ready || view.busy}
                aria-label={`Remove the tag ${tag}`}
                onClick={() => actor.send({ type: 'SAVE', request: { remove: tag } })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {/* Keyed by the tags stored: an added tag clears the form, a refused one stays for its writer to fix. */}
      <OneFieldForm
        key={tags.join(',')}
        name="tag"
        label="Add a tag"
        hint="Letters, digits, spaces or hyphens; the team sees tags, applicants never do."
        action="Add tag"
        errors={view.errors}
        busy={view.busy}
        ready={view.ready}
        onSubmit={(tag) => actor.send({ type: 'SAVE', request: { add: tag } })}
      />
    </section>
  );
}
