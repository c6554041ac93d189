/**
 * What a staff page of one resource (useResource.ts) says of its last load or save: the notice, the errors, and
 * Try again after a failed load.
 */
import type { ActorRefFrom } from 'xstate';
import type { ErrorMap } from '../../machines/rules/messages';
import type { staffResourceMachine } from '../../machines/staffResource.machine';
import { Button } from '../components/Button';
import { ErrorSummary } from '../components/ErrorSummary';
import { Notice } from '../components/Notice';
import type { ResourceView } from './useResourceView';

/**
 * `refused`: the problems the page's own check found before sending, shown in place of the server's last answer.
 */
export function ResourceStatus({
  actor,
  view,
  refused,
}: {
  actor: Pick<ActorRefFrom<typeof staffResourceMachine>, 'send'>;
  view: ResourceView<unknown>;
  refused?: ErrorMap;
}) {
  return (
    <>
      <Notice>{refused ? undefined : view.notice}</Notice>
      <ErrorSummary message={refused ? undefined : view.message} errors={refused ?? view.errors} />
      {view.failed && <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>}
    </>
  );
}
