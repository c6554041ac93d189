import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { About } from '../../../src/landing/sections/About';

afterEach(() => vi.restoreAllMocks());

describe('About: the intro video', () => {
  it('is a link to the video in the prerendered page, with no player and no poster to fetch before the first paint', () => {
    const html = renderToString(<About />);
    expect(html).not.toContain('<video');
    expect(html).not.toContain('<img src="/media/intro-poster');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const link = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'Play the welcome video');
    // Without the script the browser plays the file itself.
    expect(link?.getAttribute('href')).toBe('/media/intro.mp4');
  });

  it('shows the poster once live, and a press puts the player there: poster, controls, fallback text, playing, focused', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(<About />);
    const link = screen.getByRole('link', { name: 'Play the welcome video' });
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/media/intro-poster.svg');
    expect(document.querySelector('video')).toBeNull();

    await user.click(link);

    const video = document.querySelector('video')!;
    expect(video.getAttribute('poster')).toBe('/media/intro-poster.svg');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.querySelector('source')?.getAttribute('src')).toBe('/media/intro.mp4');
    expect(video.textContent).toContain('Your browser does not support the video tag.');
    expect(document.activeElement).toBe(video);
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: 'Play the welcome video' })).toBeNull();
  });
});
