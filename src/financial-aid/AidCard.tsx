import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { financialAidMachine } from '../../machines/financialAid.machine';
import { ErrorSummary } from '../components/ErrorSummary';
import { Form } from '../components/Form';
import { useArrivalFocus } from '../wizard/ScreenHeading';

export interface AidCardProps {
  actor: ActorRefFrom<typeof financialAidMachine>;
  /** The heading's id, which names the form. */
  id: string;
  title: string;
  /** Shown between the heading and the errors. */
  lede?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every financial-aid step: a card form named by its heading, whose submit sends SUBMIT. Each step is a
 * new card (keyed by its heading), so its heading takes focus when it arrives (docs/design.md §2a).
 */
export function AidCard(props: AidCardProps) {
  return <AidCardOfStep key={props.id} {...props} />;
}

function AidCardOfStep({ actor, id, title, lede, children }: AidCardProps) {
  const { errors, message } = useSelector(actor, (s) => s.context);
  const heading = useArrivalFocus<HTMLHeadingElement>();
  return (
    <Form className="card" aria-labelledby={id} onSubmit={() => actor.send({ type: 'SUBMIT' })}>
      <h2 id={id} tabIndex={-1} ref={heading}>
        {title}
      </h2>
      {lede}
      <ErrorSummary message={message} errors={errors} />
      {children}
    </Form>
  );
}
