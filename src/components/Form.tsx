import type { FormHTMLAttributes } from 'react';

export interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> {
  /** What submitting does: the page stays, and the machines (not the browser) check the answers. */
  onSubmit: () => void;
}

/** A form the browser does not validate or send: submitting only calls `onSubmit`. */
export function Form({ onSubmit, ...rest }: FormProps) {
  return (
    <form
      noValidate
      {...rest}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    />
  );
}
