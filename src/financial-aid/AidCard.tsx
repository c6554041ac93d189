import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { financialAidMachine } from '../../machines/financialAid.machine';
import { ErrorSummary } from '../components/ErrorSummary';
import { Form } from '../components/Form';

export interface AidCardProps {
  actor: ActorRefFrom<typeof financialAidMachine>;
  /** The heading's id, which names the form. */
  id: string;
  title: string;
  /** Shown between the heading and the errors. */
  lede?: ReactNode;
  children: ReactNode;
}

/** The frame of every financial-aid step: a card form named by its heading, whose submit sends SUBMIT. */
export function AidCard({ actor, id, title, lede, children }: AidCardProps) {
  const { errors, message } = useSelector(actor, (s) => s.context);
  return (
    <Form className="card" aria-labelledby={id} onSubmit={() => actor.send({ type: 'SUBMIT' })}>
      <h2 id={id}>{title}</h2>
      {lede}
      <ErrorSummary message={message} errors={errors} />
      {children}
    </Form>
  );
}
