import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getStateNodes } from 'xstate/graph';
import { applicationMachine, ROUTES } from '../../machines/application.machine';
import { financialAidMachine } from '../../machines/financialAid.machine';
import { otpTimerMachine } from '../../machines/otpTimer.machine';
import { paymentChoiceMachine } from '../../machines/paymentChoice.machine';
import { reminderMachine } from '../../machines/reminder.machine';
import { videoQuizMachine } from '../../machines/videoQuiz.machine';
import { withdrawalMachine } from '../../machines/withdrawal.machine';
import { renderStatecharts, STATECHARTS_PATH } from '../../scripts/statecharts';

const written = renderStatecharts();

describe('docs/statecharts.md', () => {
  it('is what `npm run statecharts` writes from the machines now (run it after changing a machine)', () => {
    expect(readFileSync(STATECHARTS_PATH, 'utf8')).toBe(written);
  });

  it('is the same every time it is generated', () => {
    expect(renderStatecharts()).toBe(written);
  });

  it.each([
    applicationMachine,
    otpTimerMachine,
    videoQuizMachine,
    paymentChoiceMachine,
    reminderMachine,
    withdrawalMachine,
    financialAidMachine,
  ])('draws every state of $id', (machine) => {
    const diagram = written.split(`## ${machine.id}\n`)[1]?.split('```')[1] ?? '';
    expect(diagram).toMatch(/^mermaid\nstateDiagram-v2\n/);
    const ids = getStateNodes(machine.root).map((n) => n.path.join('_'));
    expect(ids.filter((id) => !new RegExp(`(^|\\s)(state )?${id}( |$|\\n)`, 'm').test(diagram))).toEqual([]);
  });

  it('labels transitions with their event and guard, and sums up the NAVIGATE fan-out in one note', () => {
    expect(written).toContain('biodata --> communications : SAVE [valid(biodata)]');
    expect(written).toContain('getStarted_loadingCohort --> getStarted_idle : done: loadCohort');
    expect(written).toContain(
      'eligibility_answers_checking --> eligibility_answers_result : always [isResult]',
    );
    expect(written).not.toMatch(/--> \w+ : NAVIGATE/);
    expect(written).toContain(`NAVIGATE [routesTo, in state] on any state: ${ROUTES.length * 2} transitions`);
  });

  it('lists each screen state with its route, step and title', () => {
    expect(written).toContain('| `eligibility` | `/apply/eligibility` | 4 | Eligibility |');
    for (const { path, state } of ROUTES) expect(written).toContain(`| \`${state}\` | \`${path}\` |`);
  });
});
