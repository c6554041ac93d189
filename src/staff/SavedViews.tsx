/**
 * The signed-in team member's saved views of the queue (docs/decisions/060-the-staff-queue.md): one line of links above
 * the queue, each a real address (it opens in a new tab too), and a disclosure to save the view shown under a name
 * or delete one. The server keeps each member's own; a name used again replaces that view, and the notice says so.
 */
import { Link } from 'react-router-dom';
import { savedViewQuery } from '../../machines/rules/queueView';
import { SAVED_VIEW_NAME_MAX, type SavedView } from '../../machines/rules/staff/savedViews';
import { STAFF_MESSAGES as M } from '../../machines/rules/staff/messages';
import { type StaffQueueQuery } from '../../machines/rules/staff/queue';
import { Button } from '../components/Button';
import { ErrorSummary } from '../components/ErrorSummary';
import { Notice } from '../components/Notice';
import { OneFieldForm } from './OneFieldForm';
import { useStaff } from './StaffContext';
import { useResource } from './useResource';

type ViewChange = { save: { name: string; query: string } } | { delete: SavedView };

export function SavedViews({ query }: { query: StaffQueueQuery }) {
  const { api } = useStaff();
  const { actor, view } = useResource<SavedView[], ViewChange>(
    () => api.savedViews(),
    async (change) => {
      if ('delete' in change) {
        await api.deleteView(change.delete.id);
        return M.viewDeleted;
      }
      const saved = await api.saveView(change.save.name, change.save.query);
      return saved.replaced ? M.viewReplaced(saved.name) : M.viewSaved;
    },
  );
  const views = view.data ?? [];
  return (
    <section className="staff-saved-views" aria-labelledby="saved-views-title">
      <h2 id="saved-views-title">Saved views:</h2>
      {view.failed ? (
        <>
          <span role="alert">{view.message}</span>
          <Button look="link" onClick={() => actor.send({ type: 'RETRY' })}>
            Try again
          </Button>
        </>
      ) : views.length === 0 ? (
        view.ready && <span>none yet</span>
      ) : (
        <ul>
          {views.map((saved) => (
            <li key={saved.id}>
              <Link to={`/staff?${saved.query}`}>{saved.name}</Link>
            </li>
          ))}
        </ul>
      )}
      <details className="staff-saved-views__manage">
        <summary>Save or delete views</summary>
        <Notice>{view.notice}</Notice>
        {!view.failed && <ErrorSummary message={view.message} errors={view.errors} />}
        {/* Keyed by the views stored: a saved view clears the form, a refused one stays for its writer to fix. */}
        <OneFieldForm
          key={views.map((v) => `${v.id}:${v.name}:${v.query}`).join(',')}
          name="name"
          label="Name this view"
          hint={`Up to ${SAVED_VIEW_NAME_MAX} characters; a name you used already is given this view. Only you see your views.`}
          action="Save this view"
          errors={view.errors}
          busy={view.busy}
          ready={view.ready}
          onSubmit={(name) =>
            actor.send({ type: 'SAVE', request: { save: { name, query: savedViewQuery(query) } } })
          }
        />
        {views.length > 0 && (
          <ul className="staff-saved-views__delete">
            {views.map((saved) => (
              <li key={saved.id}>
                {saved.name}{' '}
                <Button
                  look="link"
                  disabled={!view.ready || view.busy}
                  aria-label={`Delete the saved view ${saved.name}`}
                  onClick={() => actor.send({ type: 'SAVE', request: { delete: saved } })}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}
