import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback } from 'xstate';
import { otpTimerMachine } from '../../machines/otpTimer.machine';
import { replay, stateIds, transitionKeys, transitionPaths } from './support/graphReplay';

const AVAILABLE_AT = 120_000;
const INPUT = { availableAt: AVAILABLE_AT };
// Ticks before, at and after the deadline: the only thing the countdown reacts to.
const TICKS = [0, 60_000, 119_001, AVAILABLE_AT, 200_000].map((now) => ({ type: 'TICK' as const, now }));

describe('otpTimer machine', () => {
  it('generated paths take every state and every transition', () => {
    const paths = transitionPaths(otpTimerMachine, INPUT, () => TICKS);
    const visited = new Set<string>();
    const taken = new Set<string>();
    for (const path of paths) {
      const result = replay(otpTimerMachine, ['clock'], INPUT, path);
      result.visited.forEach((s) => visited.add(s));
      result.taken.forEach((t) => taken.add(t));
    }
    expect(stateIds(otpTimerMachine).filter((id) => !visited.has(id))).toEqual([]);
    expect(transitionKeys(otpTimerMachine).filter((k) => !taken.has(k))).toEqual([]);
  });

  it('counts down in whole seconds, rounding up, and is ready exactly at the deadline', () => {
    const actor = createActor(
      otpTimerMachine.provide({ actors: { clock: fromCallback(() => () => undefined) } }),
      { input: INPUT },
    ).start();
    actor.send({ type: 'TICK', now: 0 });
    expect(actor.getSnapshot().context.remaining).toBe(120);
    actor.send({ type: 'TICK', now: 119_001 });
    expect(actor.getSnapshot().context.remaining).toBe(1);
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'TICK', now: AVAILABLE_AT });
    expect(actor.getSnapshot().context.remaining).toBe(0);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a deadline already past (a reload after the wait) is ready at the first tick', () => {
    const parentSaw: string[] = [];
    const parent = createMachine({
      invoke: {
        src: otpTimerMachine.provide({
          actors: {
            clock: fromCallback(({ sendBack }) => sendBack({ type: 'TICK', now: AVAILABLE_AT + 1 })),
          },
        }),
        input: INPUT,
        onDone: { actions: () => parentSaw.push('ready') },
      },
    });
    createActor(parent).start();
    expect(parentSaw).toEqual(['ready']);
  });
});
