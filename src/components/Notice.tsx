import type { ReactNode } from 'react';

/** An info message is read out politely (role=status), an error at once (role=alert). */
const ROLES = { info: 'status', error: 'alert' } as const;

function Message({ kind, children }: { kind: keyof typeof ROLES; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`alert alert--${kind}`} role={ROLES[kind]}>
      {children}
    </p>
  );
}

/** The one look of a polite, non-error message (a code was sent, a change was saved): nothing when there is none. */
export const Notice = ({ children }: { children?: ReactNode }) => <Message kind="info">{children}</Message>;

/** The one look of an error said at once (a save failed): nothing when there is none. */
export const Alert = ({ children }: { children?: ReactNode }) => <Message kind="error">{children}</Message>;
