/**
 * The components run on React 19 itself (docs/decisions/223-react-and-the-named-packages.md): no alias sends `react`
 * to another renderer. React marks each element it renders with its own fiber key; another renderer behind React's
 * names would report React's version and still leave no such key.
 */
import { screen } from '@testing-library/react';
import { version } from 'react';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { applicationMachine } from '../../machines/application.machine';
import { renderApplication } from './support/renderApplication';

describe('the renderer', () => {
  it('is React 19, and it is React that drew the wizard', async () => {
    expect(version).toMatch(/^19\./);
    const actor = createActor(applicationMachine, { input: { now: () => 0 } }).start();
    renderApplication(actor, '/apply', () => new Promise<Response>(() => {}));
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(Object.keys(heading).some((key) => key.startsWith('__reactFiber$'))).toBe(true);
  });
});
