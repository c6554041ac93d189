import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotFoundScreen } from '../../../src/components/NotFoundScreen';
import { expectShown } from '../support/shown';

describe('not-found screen', () => {
  it("says 'You are lost' and offers a way home", () => {
    render(<NotFoundScreen />);
    expectShown(screen.getByRole('heading', { level: 1, name: 'You are lost' }));
    expect(screen.getByRole('link', { name: /home/i }).getAttribute('href')).toBe('/');
    expect(document.title).toContain('Page not found');
  });
});
