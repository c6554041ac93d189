import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  AUTO_SAVE_RETRIES,
  videoQuizMachine,
  type PlayerCommand,
  type SaveVideoInput,
  type VideoProgressEvent,
  type VideoQuizInput,
  type VideoSubmittedEvent,
} from '../../machines/videoQuiz.machine';
import type { VideoData } from '../../machines/rules/contract';
import {
  MODEL_DURATION,
  MODEL_INPUT,
  definitionStates,
  definitionTransitions,
  transitionCoveringPaths,
  transitionKey,
  type ModelEvent,
  type SaveActorId,
} from './videoQuiz.paths';

interface PendingSave {
  id: string;
  input: VideoData;
  resolve: () => void;
  reject: (error: Error) => void;
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs the machine under a tiny parent that records VIDEO.PROGRESS, with a save actor whose promises the test
 * settles, and records the transitions taken, the states entered and the player commands emitted.
 */
function harness(input: VideoQuizInput = MODEL_INPUT) {
  const pending: PendingSave[] = [];
  const machine = videoQuizMachine.provide({
    actors: {
      submitVideoProgress: fromPromise<void, SaveVideoInput>(
        ({ input: { progress: data }, self }) =>
          new Promise<void>((resolve, reject) => pending.push({ id: self.id, input: data, resolve, reject })),
      ),
    },
  });
  const parent = setup({
    types: {
      context: {} as { reports: VideoData[]; output?: VideoData },
      events: {} as VideoProgressEvent | VideoSubmittedEvent,
    },
    actors: { videoQuiz: machine },
  }).createMachine({
    context: { reports: [] },
    initial: 'running',
    states: {
      running: {
        invoke: {
          id: 'videoQuiz',
          src: 'videoQuiz',
          // The parent hears the progress because it gives itself in the input.
          input: ({ self }) => ({ ...input, parent: self }),
          onDone: { target: 'finished', actions: assign({ output: ({ event }) => event.output }) },
        },
        on: {
          'VIDEO.PROGRESS': {
            actions: assign({
              reports: ({ context, event }) => [
                ...context.reports,
                {
                  videoProgress: event.videoProgress,
                  isVideoEnded: event.isVideoEnded,
                  attemptCounter: event.attemptCounter,
                },
              ],
            }),
          },
        },
      },
      finished: {},
    },
  });

  const transitionsTaken = new Set<string>();
  const statesEntered = new Set<string>();
  const root = createActor(parent, {
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep' || !('id' in ev.actorRef) || ev.actorRef.id !== 'videoQuiz') return;
      ev._transitions.forEach((t) => transitionsTaken.add(transitionKey(t)));
    },
  });
  root.start();
  const child = root.getSnapshot().children.videoQuiz as ActorRefFrom<typeof machine>;
  const commands: PlayerCommand[] = [];
  child.on('*', (command) => commands.push(command));
  const note = () => child.getSnapshot()._nodes.forEach((n) => statesEntered.add(n.id));
  note();

  return {
    machine,
    child,
    pending,
    commands,
    transitionsTaken,
    statesEntered,
    reports: () => root.getSnapshot().context.reports,
    output: () => root.getSnapshot().context.output,
    snapshot: () => child.getSnapshot(),
    /** Whether one region of the active video is in this state. */
    at: (region: string, state: string) => child.getSnapshot().matches({ active: { [region]: state } }),
    async send(event: ModelEvent) {
      const settle = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (settle) {
        const id = settle[2] as SaveActorId;
        const save = pending.filter((p) => p.id === id).at(-1);
        if (!save) throw new Error(`no ${id} save is running`);
        pending.splice(pending.indexOf(save), 1);
        if (settle[1] === 'done') save.resolve();
        else save.reject(new Error('offline'));
        await flush();
      } else {
        child.send(event as Exclude<ModelEvent, { type: `xstate.${string}` }>);
      }
      note();
    },
  };
}

/** A harness whose 60-second video has loaded and, if told, played to `watchedTo` seconds. */
async function loaded({ watchedTo }: { watchedTo?: number } = {}) {
  const run = harness();
  await run.send({ type: 'VIDEO.LOADED', duration: 60 });
  if (watchedTo !== undefined) await run.send({ type: 'VIDEO.TIME', time: watchedTo });
  return run;
}

describe('videoQuiz: model-based paths', () => {
  const paths = transitionCoveringPaths();

  it('replays every generated path and reaches the modelled state at each step', async () => {
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const run = harness();
      for (const step of path.steps) {
        await run.send(step.event);
        expect({
          path: path.description,
          value: run.snapshot().value,
          status: run.snapshot().status,
        }).toEqual({
          path: path.description,
          value: step.value,
          status: step.status,
        });
      }
    }
  });

  it('takes every transition and enters every state of the machine (100% coverage)', async () => {
    const taken = new Set<string>();
    const entered = new Set<string>();
    for (const path of paths) {
      const run = harness();
      for (const step of path.steps) await run.send(step.event);
      run.transitionsTaken.forEach((t) => taken.add(t));
      run.statesEntered.forEach((s) => entered.add(s));
    }
    const allTransitions = definitionTransitions();
    const allStates = definitionStates();
    // Sanity: the definition is read correctly (a key with #-1 would mean an unknown transition object).
    expect(allTransitions.every((k) => !k.endsWith('#-1'))).toBe(true);
    expect(allTransitions.length).toBeGreaterThan(20);
    expect(allTransitions.filter((t) => !taken.has(t))).toEqual([]);
    expect(allStates.filter((s) => !entered.has(s))).toEqual([]);
  });
});

describe('videoQuiz: the rules', () => {
  /** A harness whose video has played to the quiz. */
  const atQuiz = async () => {
    const run = harness();
    await run.send({ type: 'VIDEO.LOADED', duration: MODEL_DURATION });
    await run.send({ type: 'VIDEO.TIME', time: 29.5 });
    expect(run.at('player', 'watching')).toBe(true);
    await run.send({ type: 'VIDEO.TIME', time: 30 });
    return run;
  };
  const submitQuiz = async (run: ReturnType<typeof harness>, first: string, second: string) => {
    await run.send({ type: 'QUIZ.ANSWER', question: 1, value: first });
    await run.send({ type: 'QUIZ.ANSWER', question: 2, value: second });
    await run.send({ type: 'QUIZ.SUBMIT' });
  };

  it('restores the saved position: seeks to videoProgress% of the duration and allows seeking up to it', async () => {
    const run = harness({ ...MODEL_INPUT, videoProgress: 50 });
    await run.send({ type: 'VIDEO.LOADED', duration: 60 });
    expect(run.commands).toEqual([{ type: 'player.seek', time: 30 }]);
    await run.send({ type: 'VIDEO.SEEKING', time: 30.8 });
    expect(run.at('notice', 'none')).toBe(true);
    await run.send({ type: 'VIDEO.SEEKING', time: 45 });
    expect(run.at('notice', 'seekBlocked')).toBe(true);
    expect(run.commands.at(-1)).toEqual({ type: 'player.seek', time: 30 });
  });

  it('pauses at quizTime and shows the quiz; the quiz does not show before', async () => {
    const run = await atQuiz();
    expect(run.at('player', 'quiz')).toBe(true);
    expect(run.commands).toEqual([{ type: 'player.pause' }]);
  });

  it("refuses a submit with a question unanswered ('Please answer all questions or skip')", async () => {
    const run = await atQuiz();
    await run.send({ type: 'QUIZ.ANSWER', question: 1, value: 'C' });
    await run.send({ type: 'QUIZ.SUBMIT' });
    expect(run.at('player', 'quiz')).toBe(true);
    expect(run.snapshot().context.quizIncomplete).toBe(true);
    await run.send({ type: 'QUIZ.ANSWER', question: 2, value: 'B' });
    expect(run.snapshot().context.quizIncomplete).toBe(false);
  });

  it('both correct: Correct answers! then Continue resumes, and the quiz does not come back', async () => {
    const run = await atQuiz();
    await submitQuiz(run, 'C', 'C');
    expect(run.at('player', 'correct')).toBe(true);
    await run.send({ type: 'RESULT.CONTINUE' });
    expect(run.commands.at(-1)).toEqual({ type: 'player.play' });
    await run.send({ type: 'VIDEO.TIME', time: 40 });
    expect(run.at('player', 'watching')).toBe(true);
  });

  it("asks and scores the applicant's version the server gave, not the first (decision 245)", async () => {
    const run = harness();
    const version2 = {
      version: 2,
      questions: [
        {
          text: 'How long is the bootcamp?',
          choices: [
            { label: 'Twelve weeks', correct: true },
            { label: 'A day', correct: false },
          ],
        },
        {
          text: 'Where?',
          choices: [
            { label: 'Online', correct: false },
            { label: 'Lagos', correct: true },
          ],
        },
        {
          text: 'Who?',
          choices: [
            { label: 'You', correct: true },
            { label: 'No one', correct: false },
          ],
        },
      ],
    };
    await run.send({ type: 'QUIZ.VERSION', quiz: version2 });
    await run.send({ type: 'VIDEO.LOADED', duration: MODEL_DURATION });
    await run.send({ type: 'VIDEO.TIME', time: 30 });
    // Version 1's right answers are wrong here, and the third question must be answered too.
    await submitQuiz(run, 'C', 'C');
    expect(run.snapshot().context.quizIncomplete).toBe(true);
    await run.send({ type: 'QUIZ.ANSWER', question: 3, value: 'A' });
    await run.send({ type: 'QUIZ.SUBMIT' });
    expect(run.at('player', 'incorrect')).toBe(true);
    await run.send({ type: 'RESULT.RETRY' });
    await run.send({ type: 'QUIZ.ANSWER', question: 1, value: 'A' });
    await run.send({ type: 'QUIZ.ANSWER', question: 2, value: 'B' });
    await run.send({ type: 'QUIZ.ANSWER', question: 3, value: 'A' });
    await run.send({ type: 'QUIZ.SUBMIT' });
    expect(run.at('player', 'correct')).toBe(true);
  });

  it('one wrong: Incorrect answers!; Retry counts an attempt, tells the parent and asks again with a fresh form', async () => {
    const run = await atQuiz();
    await submitQuiz(run, 'A', 'C');
    expect(run.at('player', 'incorrect')).toBe(true);
    await run.send({ type: 'RESULT.RETRY' });
    expect(run.at('player', 'quiz')).toBe(true);
    expect(run.snapshot().context.attemptCounter).toBe(1);
    expect(run.snapshot().context.answers).toEqual({});
    expect(run.reports().at(-1)).toEqual({ videoProgress: 50, isVideoEnded: false, attemptCounter: 1 });
  });

  it('Rewatch seeks to rewatchTime and plays; the quiz comes again at quizTime', async () => {
    const run = await atQuiz();
    await submitQuiz(run, 'C', 'D');
    await run.send({ type: 'RESULT.REWATCH' });
    expect(run.commands.slice(-2)).toEqual([{ type: 'player.seek', time: 0 }, { type: 'player.play' }]);
    expect(run.snapshot().context.attemptCounter).toBe(0);
    await run.send({ type: 'VIDEO.TIME', time: 12 });
    expect(run.at('player', 'watching')).toBe(true);
    await run.send({ type: 'VIDEO.TIME', time: 30.2 });
    expect(run.at('player', 'quiz')).toBe(true);
  });

  it('Skip marks the quiz done and resumes playback', async () => {
    const run = await atQuiz();
    await run.send({ type: 'QUIZ.SKIP' });
    expect(run.commands.at(-1)).toEqual({ type: 'player.play' });
    await run.send({ type: 'VIDEO.TIME', time: 45 });
    expect(run.at('player', 'watching')).toBe(true);
  });

  it("reverts a seek past the furthest watched position (with 1 s slack) and says 'Sorry'", async () => {
    const run = await loaded({ watchedTo: 20 });
    await run.send({ type: 'VIDEO.SEEKING', time: 5 });
    await run.send({ type: 'VIDEO.SEEKING', time: 20.9 });
    expect(run.commands).toEqual([]);
    await run.send({ type: 'VIDEO.SEEKING', time: 25 });
    expect(run.commands).toEqual([{ type: 'player.seek', time: 20 }]);
    expect(run.at('notice', 'seekBlocked')).toBe(true);
    await run.send({ type: 'NOTICE.DISMISS' });
    expect(run.at('notice', 'none')).toBe(true);
  });

  it("clears 'Sorry' when the applicant seeks back into what they watched, not when the revert lands", async () => {
    const run = await loaded({ watchedTo: 20 });
    await run.send({ type: 'VIDEO.SEEKING', time: 40 });
    // The revert itself seeks to the furthest watched position: the notice stays to explain it.
    await run.send({ type: 'VIDEO.SEEKING', time: 20 });
    expect(run.at('notice', 'seekBlocked')).toBe(true);
    await run.send({ type: 'VIDEO.SEEKING', time: 8 });
    expect(run.at('notice', 'none')).toBe(true);
    expect(run.commands).toEqual([{ type: 'player.seek', time: 20 }]);
  });

  it('tells the parent only when a whole percent changes', async () => {
    const run = await loaded();
    for (const time of [6, 6.1, 6.2, 6.3, 6.6]) await run.send({ type: 'VIDEO.TIME', time });
    expect(run.reports().map((r) => r.videoProgress)).toEqual([10, 11]);
  });

  it('the end sets 100% and ended, and saves automatically, retrying quietly before giving up', async () => {
    const run = await loaded();
    await run.send({ type: 'VIDEO.ENDED' });
    const ended = { videoProgress: 100, isVideoEnded: true, attemptCounter: 0 };
    expect(run.snapshot().context).toMatchObject({ videoProgress: 100, isVideoEnded: true });
    expect(run.reports().at(-1)).toEqual(ended);
    expect(run.pending.map((p) => [p.id, p.input])).toEqual([['autoSave', ended]]);
    for (let i = 0; i < AUTO_SAVE_RETRIES; i++) {
      await run.send({ type: 'xstate.error.actor.autoSave', error: 'offline' });
      expect(run.at('autoSave', 'saving')).toBe(true);
    }
    await run.send({ type: 'xstate.error.actor.autoSave', error: 'offline' });
    expect(run.at('autoSave', 'failed')).toBe(true);
    // Nothing is shown for a quiet failure: no notice, no dialog.
    expect(run.snapshot().matches({ active: { notice: 'none', progress: 'idle' } })).toBe(true);
  });

  it('manual save: confirm, save with the current progress, Progress Saved!, then no second submission', async () => {
    const run = await loaded({ watchedTo: 15 });
    await run.send({ type: 'PROGRESS.SUBMIT' });
    await run.send({ type: 'PROGRESS.CANCEL' });
    expect(run.pending).toEqual([]);
    await run.send({ type: 'PROGRESS.SUBMIT' });
    await run.send({ type: 'PROGRESS.CONFIRM' });
    expect(run.pending.map((p) => p.input)).toEqual([
      { videoProgress: 25, isVideoEnded: false, attemptCounter: 0 },
    ]);
    await run.send({ type: 'xstate.error.actor.manualSave', error: 'offline' });
    expect(run.at('progress', 'failed')).toBe(true);
    await run.send({ type: 'PROGRESS.SUBMIT' });
    await run.send({ type: 'PROGRESS.CONFIRM' });
    await run.send({ type: 'xstate.done.actor.manualSave' });
    expect(run.at('progress', 'saved')).toBe(true);
    await run.send({ type: 'PROGRESS.CANCEL' });
    expect(run.snapshot().can({ type: 'PROGRESS.SUBMIT' })).toBe(false);
  });

  it('CONTINUE before the end says watch till the end; after the end the machine is done with its data', async () => {
    const run = await loaded();
    await run.send({ type: 'CONTINUE' });
    expect(run.at('notice', 'watchToEnd')).toBe(true);
    expect(run.snapshot().status).toBe('active');
    await run.send({ type: 'VIDEO.ENDED' });
    await run.send({ type: 'CONTINUE' });
    expect(run.snapshot().status).toBe('done');
    expect(run.output()).toEqual({ videoProgress: 100, isVideoEnded: true, attemptCounter: 0 });
  });

  it('a playback error shows the error notice until dismissed', async () => {
    const run = harness();
    await run.send({ type: 'VIDEO.ERROR' });
    expect(run.at('notice', 'videoError')).toBe(true);
    await run.send({ type: 'NOTICE.DISMISS' });
    expect(run.at('notice', 'none')).toBe(true);
  });

  it('someone who already finished is not stopped by the quiz and may continue at once', async () => {
    const run = harness({ ...MODEL_INPUT, videoProgress: 100, isVideoEnded: true, attemptCounter: 2 });
    await run.send({ type: 'VIDEO.LOADED', duration: 60 });
    expect(run.commands).toEqual([]);
    await run.send({ type: 'VIDEO.SEEKING', time: 55 });
    await run.send({ type: 'VIDEO.TIME', time: 55 });
    expect(run.snapshot().matches({ active: { player: 'watching', notice: 'none' } })).toBe(true);
    await run.send({ type: 'CONTINUE' });
    expect(run.output()).toEqual({ videoProgress: 100, isVideoEnded: true, attemptCounter: 2 });
  });

  it('without an app-provided saver the placeholder fails, and the machine stays usable', async () => {
    const actor = createActor(videoQuizMachine, { input: MODEL_INPUT }).start();
    actor.send({ type: 'VIDEO.LOADED', duration: 60 });
    actor.send({ type: 'VIDEO.ENDED' });
    for (let i = 0; i <= AUTO_SAVE_RETRIES; i++) await flush();
    expect(actor.getSnapshot().matches({ active: { autoSave: 'failed' } })).toBe(true);
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
