/**
 * The landing page's four sliders (facilitators, assessors, testimonials, partners) in Chromium, on the built page
 * (`npm run build` first): keen-slider takes over each prerendered track when its island hydrates without moving a
 * slide (no layout shift), and a person then moves it with the next button, an arrow key, a mouse drag and, on a
 * phone, a swipe.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './support/browser';
import { waitForLandingScript } from './support/landing';
import { browser, server, serverAndBrowser } from './support/suite';

serverAndBrowser();

/** Each slider by its region's name, with the section (and island) it sits in. */
const SLIDERS = [
  { label: 'Facilitators', section: '#faculty', island: 'faculty' },
  { label: 'Assessors', section: '#faculty', island: 'faculty' },
  { label: 'Testimonials', section: '#testimonial', island: 'testimonials' },
  { label: 'Partners', section: '#clients', island: 'partners' },
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function openLanding(width: number, height: number, hasTouch = false): Promise<Page> {
  // axe-core is injected as an inline script, which the server's CSP forbids: the context bypasses CSP.
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true, hasTouch });
  const page = await context.newPage();
  await page.addInitScript(() => {
    // Every layout shift, with the elements it moved (Lighthouse's CLS sums these).
    const shifts: { value: number; nodes: string[] }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node: Node | null }[];
      })[])
        shifts.push({
          value: entry.value,
          nodes: entry.sources.map((source) =>
            source.node instanceof Element ? (source.node.closest('section')?.id ?? 'page') : 'text',
          ),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  await waitForLandingScript(page);
  return page;
}

const region = (page: Page, label: string): Locator => page.getByRole('region', { name: label, exact: true });

/** The slides' boxes, and the region's, relative to the region: what a reader sees of the slider. */
const slideBoxes = (slider: Locator): Promise<{ region: Box; slides: Box[] }> =>
  slider.evaluate((element) => {
    const origin = element.getBoundingClientRect();
    const box = (rect: DOMRect) => ({
      x: rect.x - origin.x,
      y: rect.y - origin.y,
      width: rect.width,
      height: rect.height,
    });
    return {
      region: { ...box(origin), x: 0, y: 0 },
      slides: [...element.querySelectorAll('li')].map((slide) => box(slide.getBoundingClientRect())),
    };
  });

/** The number ("3 of 17") of the slide at the track's left edge, once the slider has come to rest. */
/**
 * Resolves once the slides have stood still for five frames: keen-slider's move has ended, however slowly a loaded
 * machine draws it. Waiting on the move itself, not a clock, keeps the reads below true under load.
 */
function settled(slider: Locator): Promise<void> {
  return slider.evaluate(
    (element) =>
      new Promise<void>((done) => {
        let last = '';
        let still = 0;
        const frame = () => {
          const now = [...element.querySelectorAll('li')]
            .map((slide) => slide.getBoundingClientRect().left.toFixed(1))
            .join();
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 5) done();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** The number of the slide at the track's left edge once the slider is still (0 when none is). */
async function shownFirst(slider: Locator): Promise<number> {
  await settled(slider);
  return slider.evaluate((element) => {
    const track = element.querySelector('ul')!.getBoundingClientRect();
    const slides = [...element.querySelectorAll('li')];
    return slides.findIndex((slide) => Math.abs(slide.getBoundingClientRect().left - track.left) < 1) + 1;
  });
}

/**
 * Makes `gesture` (a drag or a swipe to the left) and says which slide is then first. keen-slider moves on only when
 * the pointer moved in the 200 ms before the release (a paused drag snaps back); on a loaded machine the release can
 * reach the page later than that, so a gesture that snapped back after such a pause is made again.
 */
async function afterGesture(
  page: Page,
  slider: Locator,
  start: number,
  gesture: () => Promise<void>,
): Promise<number> {
  await page.evaluate(() => {
    const times = window as unknown as { lastMove: number; release: number };
    addEventListener('pointermove', () => (times.lastMove = Date.now()), { capture: true });
    addEventListener('pointerup', () => (times.release = Date.now()), { capture: true });
  });
  for (let attempt = 1; ; attempt++) {
    await gesture();
    const shown = await shownFirst(slider);
    const paused = await page.evaluate(() => {
      const times = window as unknown as { lastMove: number; release: number };
      return times.release - times.lastMove > 200;
    });
    if (shown !== start || !paused || attempt === 5) return shown;
  }
}

async function hydrateSlider(page: Page, slider: Locator, island: string): Promise<void> {
  await slider.scrollIntoViewIfNeeded();
  await page.waitForSelector(`[data-island="${island}"][data-live]`, { state: 'attached' });
  await slider.locator('ul[data-slider-live]').waitFor({ state: 'attached' });
  // Two frames: whatever keen-slider draws on creation is on screen.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

describe('the landing sliders (keen-slider)', () => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    it(`at ${width} px, each keeps the prerendered slides' boxes when its island hydrates: no layout shift`, async () => {
      const page = await openLanding(width, height);
      const before: Record<string, Awaited<ReturnType<typeof slideBoxes>>> = {};
      for (const { label, island } of SLIDERS) {
        // Far below the first screen: not hydrated yet, the server's HTML and landing.css alone.
        await expect(page.locator(`[data-island="${island}"][data-live]`).count()).resolves.toBe(0);
        before[label] = await slideBoxes(region(page, label));
        expect(before[label].slides[0].width).toBeGreaterThan(0);
      }
      for (const { label, island } of SLIDERS) {
        const slider = region(page, label);
        await hydrateSlider(page, slider, island);
        const after = await slideBoxes(slider);
        expect(after.region).toEqual(before[label].region);
        for (const [index, box] of after.slides.entries()) {
          expect(box.x, `${label} slide ${index + 1} x`).toBeCloseTo(before[label].slides[index].x, 1);
          expect(box.width, `${label} slide ${index + 1} width`).toBeCloseTo(
            before[label].slides[index].width,
            1,
          );
          expect(box.height, `${label} slide ${index + 1} height`).toBeCloseTo(
            before[label].slides[index].height,
            1,
          );
        }
      }
      const shifts = await page.evaluate(
        () => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts,
      );
      const inSliders = shifts.filter((shift) =>
        shift.nodes.some((id) => ['faculty', 'testimonial', 'clients'].includes(id)),
      );
      expect(inSliders).toEqual([]);
      await page.context().close();
    });
  }

  it('each moves by its next button, by an arrow key and by a mouse drag; axe finds nothing in them', async () => {
    const page = await openLanding(1280, 800);
    for (const { label, island } of SLIDERS) {
      const slider = region(page, label);
      await hydrateSlider(page, slider, island);
      // The pointer on the slider holds its autoplay, so only the person moves it.
      await slider.locator('li').first().hover();
      await page.waitForTimeout(600);
      const start = await shownFirst(slider);

      // A drag to the left by less than a slide, within the track: the next slide comes to the edge.
      const track = (await slider.locator('ul').boundingBox())!;
      const slide = (await slider.locator('li').first().boundingBox())!;
      const [x, y] = [track.x + track.width * 0.6, track.y + track.height / 2];
      const drag = async () => {
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x - slide.width * 0.4, y, { steps: 8 });
        await page.mouse.up();
      };
      expect(await afterGesture(page, slider, start, drag)).toBe(start + 1);

      // Back with the left arrow, the focus on the previous button (no press: the key alone).
      await slider.getByRole('button', { name: `Previous ${label.toLowerCase()}` }).focus();
      await page.keyboard.press('ArrowLeft');
      expect(await shownFirst(slider)).toBe(start);

      await slider.getByRole('button', { name: `Next ${label.toLowerCase()}` }).click();
      expect(await shownFirst(slider)).toBe(start + 1);

      // The slides are numbered for a screen reader.
      const count = await slider.locator('li').count();
      await expect(slider.locator('li').first().getAttribute('aria-label')).resolves.toBe(`1 of ${count}`);
    }
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.context().close();
  });

  it('a profile link reached by Tab in a slide out of view brings that slide into view, whole', async () => {
    const page = await openLanding(1280, 800);
    const slider = region(page, 'Facilitators');
    await hydrateSlider(page, slider, 'faculty');
    // Four show at 1280 px: Tab from the fourth profile link to the fifth, out of view.
    await slider.getByRole('link').nth(3).focus();
    await page.keyboard.press('Tab');
    const fifth = slider.locator('li').nth(4);
    await expect.poll(() => fifth.evaluate((slide) => slide.contains(document.activeElement))).toBe(true);
    const inView = () =>
      fifth.evaluate((slide) => {
        const track = slide.parentElement!.getBoundingClientRect();
        const box = slide.getBoundingClientRect();
        return (
          box.left >= track.left - 1 && box.right <= track.right + 1 && slide.parentElement!.scrollLeft === 0
        );
      });
    await settled(slider);
    expect(await inView()).toBe(true);
    await page.context().close();
  });

  it('on a phone, a swipe moves the facilitators one on, and a swipe made before hydration is kept', async () => {
    const page = await openLanding(390, 844, true);
    const slider = region(page, 'Facilitators');
    // Before its island hydrates, the track scrolls natively: a swipe there moved it two slides on.
    await slider.locator('ul').evaluate((track) => {
      const [first, , third] = [...track.querySelectorAll('li')];
      track.scrollLeft = third.offsetLeft - first.offsetLeft;
    });
    await hydrateSlider(page, slider, 'faculty');
    await expect(slider.locator('ul').evaluate((track) => track.scrollLeft)).resolves.toBe(0);
    expect(await shownFirst(slider)).toBe(3);

    const track = (await slider.locator('ul').boundingBox())!;
    const y = Math.round(track.y + track.height / 2);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: x === undefined ? [] : [{ x: Math.round(x), y }],
      });
    const swipe = async () => {
      await touch('touchStart', track.x + track.width * 0.8);
      for (let step = 1; step <= 8; step++)
        await touch('touchMove', track.x + track.width * (0.8 - step * 0.06));
      await touch('touchEnd');
    };
    expect(await afterGesture(page, slider, 3, swipe)).toBe(4);
    await page.context().close();
  });
});
