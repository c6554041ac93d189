import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { CONFIRM_VIDEO, MESSAGES } from '../../machines/rules/messages';
import { SELECTION_QUIZ, type QuizQuestion } from '../../machines/rules/quiz';
import type { VideoData } from '../../machines/rules/contract';
import { videoQuizMachine, type SaveVideoInput, type VideoQuizInput } from '../../machines/videoQuiz.machine';
import { defaultConfig, type AppConfig } from '../../src/config';
import { SelectionVideoScreen } from '../../src/after-submission/SelectionVideoScreen';
import {
  MODEL_INPUT,
  transitionCoveringPaths,
  type ModelEvent,
  type ModelStep,
} from '../machines/videoQuiz.paths';
import { expectShown } from './support/shown';

const config: AppConfig = {
  ...defaultConfig,
  selectionVideoUrl: '/media/selection-video.mp4',
  selectionVideoPoster: '/media/selection-video.jpg',
  selectionVideoCaptions: '/media/selection-video.vtt',
};

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

let play: ReturnType<typeof vi.spyOn>;
let pause: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // jsdom has no playback: play/pause are stubbed and the media events are driven by hand.
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** The <video> element with a settable duration and a currentTime whose programmatic change fires 'seeking'. */
function fakeMedia(video: HTMLVideoElement) {
  let time = 0;
  let duration = Number.NaN;
  const seeks: number[] = [];
  Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (t: number) => {
      time = t;
      seeks.push(t);
      setTimeout(() => video.dispatchEvent(new Event('seeking')));
    },
  });
  return {
    seeks,
    load: (d: number) => {
      duration = d;
      fireEvent.loadedMetadata(video);
    },
    playTo: (t: number) => {
      time = t;
      fireEvent.timeUpdate(video);
    },
    /** The person drags the scrubber. */
    scrubTo: (t: number) => {
      time = t;
      fireEvent.seeking(video);
    },
    end: () => fireEvent.ended(video),
    fail: () => fireEvent.error(video),
  };
}
type Media = ReturnType<typeof fakeMedia>;
type VideoEvent = Extract<ModelEvent, { type: `VIDEO.${string}` }>;

/** The media element's side of each video event. */
const MEDIA_DOES: {
  [T in VideoEvent['type']]: (media: Media, event: Extract<VideoEvent, { type: T }>) => void;
} = {
  'VIDEO.LOADED': (media, event) => media.load(event.duration),
  'VIDEO.TIME': (media, event) => media.playTo(event.time),
  'VIDEO.SEEKING': (media, event) => media.scrubTo(event.time),
  'VIDEO.ENDED': (media) => media.end(),
  'VIDEO.ERROR': (media) => media.fail(),
};
const isVideoEvent = (event: ModelEvent): event is VideoEvent => event.type in MEDIA_DOES;

function renderScreen(input: VideoQuizInput = MODEL_INPUT) {
  const saves: { id: string; input: VideoData; resolve: () => void; reject: (e: Error) => void }[] = [];
  const machine = videoQuizMachine.provide({
    actors: {
      submitVideoProgress: fromPromise<void, SaveVideoInput>(
        ({ input: { progress: data }, self }) =>
          new Promise<void>((resolve, reject) => saves.push({ id: self.id, input: data, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input }).start();
  const onBack = vi.fn();
  const user = userEvent.setup();
  const view = render(<SelectionVideoScreen actor={actor} config={config} onBack={onBack} />);
  const video = view.container.querySelector('video');
  if (!video) throw new Error('no <video>');
  return { actor, saves, onBack, user, video, media: fakeMedia(video), view };
}

type Rendered = ReturnType<typeof renderScreen>;

const dialog = (name: string) => screen.getByRole('dialog', { name });
const questionGroup = (q: QuizQuestion) =>
  screen.getByRole('group', {
    name: `${q}. ${q === 1 ? SELECTION_QUIZ.question1 : SELECTION_QUIZ.question2}`,
  });
const optionLabel = (q: QuizQuestion, value: string) =>
  (q === 1 ? SELECTION_QUIZ.options1 : SELECTION_QUIZ.options2).find((o) => o.value === value)?.label ?? '';

/** The events one button sends: the dialog it is in (null: the page itself) and its name. */
const BUTTONS: Partial<Record<ModelEvent['type'], [dialog: string | null, button: string]>> = {
  'QUIZ.SUBMIT': ['Quick quiz', 'Submit'],
  'QUIZ.SKIP': ['Quick quiz', 'Skip'],
  'RESULT.CONTINUE': ['Correct answers!', 'Continue'],
  'RESULT.RETRY': ['Incorrect answers!', 'Retry'],
  'RESULT.REWATCH': ['Incorrect answers!', 'Rewatch'],
  'NOTICE.DISMISS': [null, 'Dismiss'],
  'PROGRESS.SUBMIT': [null, 'Save progress'],
  'PROGRESS.CONFIRM': [null, CONFIRM_VIDEO.confirm],
  CONTINUE: [null, 'Continue'],
};

/** Each model event, done the way a person (or the media element, or the server) does it. */
async function perform(r: Rendered, event: ModelEvent) {
  const { user, media } = r;
  // One entry per event type, so the event is that entry's (TypeScript cannot follow the pairing through the index).
  if (isVideoEvent(event))
    return (MEDIA_DOES[event.type] as (media: Media, event: VideoEvent) => void)(media, event);
  switch (event.type) {
    case 'QUIZ.ANSWER':
      await user.click(
        within(questionGroup(event.question)).getByRole('radio', {
          name: optionLabel(event.question, event.value),
        }),
      );
      break;
    case 'QUIZ.VERSION':
      // The server's answer, sent as the route sends it (src/after-submission/postSubmissionRoutes.tsx).
      act(() => r.actor.send(event));
      break;
    case 'PROGRESS.CANCEL':
      await user.click(
        screen.getByRole('button', {
          name: r.actor.getSnapshot().matches({ active: { progress: 'saved' } }) ? 'OK' : 'Cancel',
        }),
      );
      break;
    default: {
      const pressed = BUTTONS[event.type];
      if (pressed) {
        const [inDialog, name] = pressed;
        await user.click(
          inDialog
            ? within(dialog(inDialog)).getByRole('button', { name })
            : screen.getByRole('button', { name }),
        );
        break;
      }
      const [, outcome, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
      const save = r.saves.filter((s) => s.id === id).at(-1);
      if (!save) throw new Error(`no ${id} save is running`);
      r.saves.splice(r.saves.indexOf(save), 1);
      if (outcome === 'done') save.resolve();
      else save.reject(new Error('offline'));
    }
  }
  await settle();
}

/** What the person sees for a state of the model. */
function expectScreenFor(r: Rendered, step: ModelStep) {
  const snap = r.actor.getSnapshot();
  expect(snap.value).toEqual(step.value);
  if (step.status === 'done') return; // the application machine navigates away from here
  const is = (region: string, name: string) => snap.matches({ active: { [region]: name } });
  const shown = (name: string) => screen.queryByRole('dialog', { name }) !== null;

  expect(shown('Quick quiz')).toBe(is('player', 'quiz'));
  expect(shown('Correct answers!')).toBe(is('player', 'correct'));
  expect(shown('Incorrect answers!')).toBe(is('player', 'incorrect'));
  expect(screen.queryByText(MESSAGES.quizIncomplete) !== null).toBe(
    is('player', 'quiz') && snap.context.quizIncomplete,
  );

  expect(screen.queryByText(MESSAGES.seekBlocked, { exact: false }) !== null).toBe(
    is('notice', 'seekBlocked'),
  );
  expect(screen.queryByText(MESSAGES.watchToEnd) !== null).toBe(is('notice', 'watchToEnd'));
  expect(screen.queryByText(MESSAGES.videoError) !== null).toBe(is('notice', 'videoError'));

  const confirming = is('progress', 'confirming') || is('progress', 'saving');
  expect(screen.queryByRole('alertdialog', { name: CONFIRM_VIDEO.title }) !== null).toBe(confirming);
  expect(shown(CONFIRM_VIDEO.successTitle)).toBe(is('progress', 'saved'));
  expect(screen.queryByText(MESSAGES.genericSave) !== null).toBe(is('progress', 'failed'));
  expect(screen.queryByText('Progress submitted.') !== null).toBe(is('progress', 'submitted'));
}

describe('SelectionVideoScreen: the model paths replayed on the rendered screen', () => {
  const paths = transitionCoveringPaths();
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    const r = renderScreen();
    for (const step of path.steps) {
      await perform(r, step.event);
      expectScreenFor(r, step);
    }
  });
});

describe('SelectionVideoScreen', () => {
  it('shows the heading, the player with controls, poster, captions and the fallback text', () => {
    const { video } = renderScreen();
    expectShown(screen.getByRole('heading', { level: 1, name: 'Info Video' }));
    expect(video.controls).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.getAttribute('poster')).toBe(config.selectionVideoPoster);
    expect(video.querySelector('track[kind="captions"]')?.getAttribute('src')).toBe(
      config.selectionVideoCaptions,
    );
    expect(video.textContent).toContain(MESSAGES.noVideoSupport);
  });

  it('puts the player back at the saved position, and snaps a skip ahead back with Sorry', async () => {
    const r = renderScreen({ ...MODEL_INPUT, videoProgress: 25 });
    r.media.load(60);
    await settle();
    expect(r.media.seeks).toEqual([15]);
    expectShown(screen.getByText('Watched so far: 25%'));
    r.media.scrubTo(40);
    await settle();
    expect(r.media.seeks).toEqual([15, 15]);
    expect(screen.getByRole('status').textContent).toBe(
      `${MESSAGES.seekTitle} ${MESSAGES.seekBlocked}Dismiss`,
    );
  });

  it('pauses at the quiz time; the quiz takes the keyboard; wrong, Retry, right, Continue resumes', async () => {
    const r = renderScreen();
    r.media.load(60);
    r.media.playTo(30);
    await settle();
    expect(pause).toHaveBeenCalledTimes(1);
    const quiz = dialog('Quick quiz');
    // Focus moves into the dialog; arrow keys choose within a group, Tab moves on.
    expect(document.activeElement).toBe(within(questionGroup(1)).getByRole('radio', { name: 'A retreat' }));
    await r.user.keyboard(' ');
    expect(within(questionGroup(1)).getByRole('radio', { name: 'A retreat' })).toHaveProperty(
      'checked',
      true,
    );
    within(quiz).getByRole('button', { name: 'Submit' }).focus();
    await r.user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.quizIncomplete);
    await r.user.click(within(questionGroup(2)).getByRole('radio', { name: optionLabel(2, 'C') }));
    await r.user.click(within(quiz).getByRole('button', { name: 'Submit' }));
    await r.user.click(within(dialog('Incorrect answers!')).getByRole('button', { name: 'Retry' }));
    expect(r.actor.getSnapshot().context.attemptCounter).toBe(1);
    expect(within(questionGroup(1)).getByRole('radio', { name: 'A retreat' })).toHaveProperty(
      'checked',
      false,
    );
    await r.user.click(within(questionGroup(1)).getByRole('radio', { name: 'A learning game' }));
    await r.user.click(within(questionGroup(2)).getByRole('radio', { name: optionLabel(2, 'C') }));
    await r.user.click(within(dialog('Quick quiz')).getByRole('button', { name: 'Submit' }));
    const before = play.mock.calls.length;
    await r.user.click(within(dialog('Correct answers!')).getByRole('button', { name: 'Continue' }));
    expect(play.mock.calls.length).toBe(before + 1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Rewatch goes back to the start and plays', async () => {
    const r = renderScreen();
    r.media.load(60);
    r.media.playTo(31);
    await settle();
    await r.user.click(within(dialog('Quick quiz')).getByRole('button', { name: 'Submit' }));
    await r.user.click(within(questionGroup(1)).getByRole('radio', { name: 'A seminar' }));
    await r.user.click(within(questionGroup(2)).getByRole('radio', { name: optionLabel(2, 'A') }));
    await r.user.click(within(dialog('Quick quiz')).getByRole('button', { name: 'Submit' }));
    await r.user.click(within(dialog('Incorrect answers!')).getByRole('button', { name: 'Rewatch' }));
    await settle();
    expect(r.media.seeks.at(-1)).toBe(0);
    expect(play).toHaveBeenCalled();
  });

  it('Continue before the end asks to watch to the end; after the end it finishes (and the end is saved)', async () => {
    const r = renderScreen();
    r.media.load(60);
    await r.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('status').textContent).toContain(MESSAGES.watchToEnd);
    r.media.end();
    await settle();
    expectShown(screen.getByText('You have watched the whole video.'));
    expect(r.saves.map((s) => s.input)).toEqual([
      { videoProgress: 100, isVideoEnded: true, attemptCounter: 0 },
    ]);
    await r.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(r.actor.getSnapshot().status).toBe('done');
  });

  it('saves progress through the spec confirm dialog and says Progress Saved!', async () => {
    const r = renderScreen();
    r.media.load(60);
    r.media.playTo(12);
    await r.user.click(screen.getByRole('button', { name: 'Save progress' }));
    const confirm = screen.getByRole('alertdialog', { name: CONFIRM_VIDEO.title });
    expect(confirm.textContent).toContain(CONFIRM_VIDEO.text);
    await r.user.click(within(confirm).getByRole('button', { name: CONFIRM_VIDEO.confirm }));
    expect(r.saves.map((s) => s.input)).toEqual([
      { videoProgress: 20, isVideoEnded: false, attemptCounter: 0 },
    ]);
    expect(within(confirm).getByRole('button', { name: 'Saving…' })).toHaveProperty('disabled', true);
    r.saves[0].resolve();
    await settle();
    expect(dialog(CONFIRM_VIDEO.successTitle).textContent).toContain(CONFIRM_VIDEO.successText);
    await r.user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('button', { name: 'Save progress' })).toBeNull();
  });

  it('Back calls onBack; a playback error is announced as an alert', async () => {
    const r = renderScreen();
    await r.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(r.onBack).toHaveBeenCalledTimes(1);
    r.media.fail();
    await settle();
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.videoError);
  });

  it('axe finds nothing on the page or in the open quiz', async () => {
    const r = renderScreen();
    const rules = { 'color-contrast': { enabled: false } }; // jsdom cannot compute colours; the browser test does
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
    r.media.load(60);
    r.media.playTo(30);
    await settle();
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
  });
});
