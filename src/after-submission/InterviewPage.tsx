/**
 * `/apply/interview`, the invitation email's link (docs/decisions/175-the-interview-stage.md): after the emailed
 * code (the application's own sign-in and session), the applicant picks one of the free times, written in the
 * programme's locale in this device's zone, named (decision 240), and books it; the booking sends that zone, so the
 * email says the same time. The machine decides (machines/interviewBooking.machine.ts).
 */
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { interviewBookingMachine } from '../../machines/interviewBooking.machine';
import {
  INTERVIEW_MESSAGES as M,
  interviewPaths,
  slotWords,
  type ApplicantInterview,
} from '../../machines/rules/interview';
import { MESSAGES } from '../../machines/rules/messages';
import { deviceTimeZone, zoneLabel } from '../../machines/rules/timeZone';
import { signInStep } from '../../machines/signInByCode';
import { signInByCodeActors } from '../api/signInActors';
import { CodeSignInPage } from '../components/CodeSignInPage';
import { BusyButton } from '../components/BusyButton';
import { ArrivingHeading } from '../wizard/ScreenHeading';

/** The server's answer, or its refusal in its own words. */
async function call<T>(
  method: 'GET' | 'POST',
  body?: object,
): Promise<{ status: number; message: string; data?: T }> {
  const response = await fetch(interviewPaths.applicant, {
    method,
    credentials: 'same-origin',
    headers: body ? { 'content-type': 'application/json' } : {},
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json().catch(() => null)) as { message?: string; data?: T } | null;
  return { status: response.status, message: answer?.message ?? MESSAGES.genericSave, data: answer?.data };
}

export function InterviewPage() {
  const machine = useMemo(
    () =>
      interviewBookingMachine.provide({
        actors: {
          load: fromPromise(async () => {
            const answer = await call<ApplicantInterview>('GET');
            if (answer.status === 401) return null;
            if (answer.status !== 200 || !answer.data) throw new Error(answer.message);
            return answer.data;
          }),
          ...signInByCodeActors(),
          book: fromPromise(async ({ input }) => {
            const answer = await call<ApplicantInterview>('POST', {
              slot: input.slot,
              timeZone: deviceTimeZone(),
            });
            if (answer.status !== 200) throw new Error(answer.message);
            return answer.message;
          }),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine);
  const busy = state.hasTag('busy');
  const { error, notice, interview } = state.context;
  const timeZone = deviceTimeZone();
  const words = (slot: { start: string; minutes: number }) =>
    slotWords(slot.start, slot.minutes, interview?.locale ?? 'en-GB', timeZone);

  return (
    <CodeSignInPage
      title="Book your interview"
      error={error}
      notice={notice}
      loading={state.matches('loading') && !interview}
      signIn={{ step: signInStep(state), email: state.context.email, busy, send }}
    >
      {interview && !state.matches('askEmail') && !state.matches('askCode') && (
        <>
          {interview.state === 'none' && (
            <section aria-labelledby="interview-none">
              <ArrivingHeading id="interview-none">No interview to book</ArrivingHeading>
              <p>{M.notInvited}</p>
            </section>
          )}
          {interview.state === 'booked' && interview.booked && (
            <section aria-labelledby="interview-booked">
              <ArrivingHeading id="interview-booked">Your interview is booked</ArrivingHeading>
              {!notice && <p>Your interview is booked for {words(interview.booked)}.</p>}
            </section>
          )}
          {interview.state === 'invited' && (
            <section aria-labelledby="interview-times">
              <ArrivingHeading id="interview-times">{M.chooseSlot}</ArrivingHeading>
              {interview.slots.length === 0 ? (
                <p>{M.noSlots}</p>
              ) : (
                <>
                  <p className="hint">{M.timesIn(zoneLabel(timeZone, new Date(interview.slots[0].start)))}</p>
                  <ul className="slot-list">
                    {interview.slots.map((slot) => (
                      <li key={slot.id}>
                        <BusyButton
                          className="button button--secondary"
                          busy={busy}
                          onClick={() => send({ type: 'BOOK', slot: slot.id })}
                        >
                          Book {words(slot)}
                        </BusyButton>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          )}
        </>
      )}
    </CodeSignInPage>
  );
}
