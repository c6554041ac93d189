import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { About } from '../../../src/landing/sections/About';

afterEach(() => vi.restoreAllMocks());

describe('About: the intro video', () => {
  it('is a link to the video in the prerendered page, with no player and no poster to fetch before the first paint', () => {
    const html = renderToString(<About />);
    expect(html).not.toContain('<video');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const link = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'Play the welcome video');
    // Not even an <img> waiting for its src: the page as served holds no image without its file.
    expect(link?.querySelector('img')).toBeNull();
    expect([...doc.querySelectorAll('img')].every((img) => img.getAttribute('src'))).toBe(true);
    // Without the script the browser plays the file itself.
    expect(link?.getAttribute('href')).toBe('/media/intro.mp4');
  });

  it('hydrates the prerendered link as it is, then adds the poster with its file', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<About />);
    document.body.append(container);
    const recoverable = vi.fn();
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <About />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    const link = screen.getByRole('link', { name: 'Play the welcome video' });
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/media/intro-poster.svg');
    act(() => root?.unmount());
    container.remove();
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
