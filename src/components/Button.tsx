import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> {
  /** primary: the main action; secondary: one beside it; link: an action that reads like a link. */
  look?: 'primary' | 'secondary' | 'link';
}

/** A button that acts on the page and submits no form, in one of the app's three looks. */
export function Button({ look = 'primary', ...rest }: ButtonProps) {
  return (
    <button type="button" className={look === 'primary' ? 'button' : `button button--${look}`} {...rest} />
  );
}
