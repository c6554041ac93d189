/** The emailed-code sign-in (src/components/SignInByCode.tsx) as the pages that ask for it are driven in tests. */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** `email` typed and "Email me a code" pressed; the code form's heading once it has come in the address's place. */
export async function askForCode(user: UserEvent, email: string): Promise<HTMLElement> {
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Email me a code' }));
  return screen.findByRole('heading', { level: 2, name: 'Enter the code we emailed you' });
}
