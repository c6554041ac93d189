/** The side effects of the application machine, built on the API client and handed in with `.provide()`. */
import { fromCallback, fromPromise, type PromiseActorLogic } from 'xstate';
import { applicationMachine, type ApplicationEvent } from '../../machines/application.machine';
import { otpTimerMachine, type OtpTimerEvent } from '../../machines/otpTimer.machine';
import { paymentChoiceMachine } from '../../machines/paymentChoice.machine';
import { withdrawalMachine } from '../../machines/withdrawal.machine';
import { reminderMachine } from '../../machines/reminder.machine';
import { videoQuizMachine, type SaveVideoInput } from '../../machines/videoQuiz.machine';
import { checkDocxPackage, detectCvKind, MESSAGES, paths, toFailure } from '../../machines/rules';
import { savingSteps, type StepSaveActor } from '../../machines/steps';
import { applyingNotice } from '../../machines/rules/seats';
import type { ApiClient } from '../api/client';
import { clearPersisted } from './persistence';
import type { AppConfig } from '../config';
import { createCheckout } from '../after-submission/instalmentCheckout';

/** A one-second ticker that reads the real clock. */
export const realClock = fromCallback<OtpTimerEvent>(({ sendBack }) => {
  const tick = () => sendBack({ type: 'TICK', now: Date.now() });
  tick();
  const id = setInterval(tick, 1000);
  return () => clearInterval(id);
});

/** Each step's own save (machines/steps/, `save`): its payload posted to its route, one actor a step. */
const stepSaves = (api: ApiClient) =>
  Object.fromEntries(
    savingSteps().map((step) => [
      step.save.actor,
      fromPromise<void, object>(({ input }) => api.saveStep(step.save.path, input)),
    ]),
  ) as Record<StepSaveActor, PromiseActorLogic<void, object>>;

export function provideApplication(api: ApiClient, config: AppConfig) {
  return applicationMachine.provide({
    actors: {
      loadCohort: fromPromise(() =>
        api.currentCohort().then((cohort) => ({
          id: cohort.id,
          name: cohort.name,
          notice: applyingNotice(cohort),
          fees: cohort.fees,
        })),
      ),
      lookupApplication: fromPromise(({ input }) => api.lookup(input.email)),
      createApplication: fromPromise(({ input }) => api.create(input)),
      sendCode: fromPromise(({ input }) => api.resendCode(input.email)),
      verifyCode: fromPromise(({ input }) => api.verifyEmail(input.email, input.token)),
      saveEligibility: fromPromise(({ input }) => api.saveEligibility(input)),
      uploadCv: fromCallback<ApplicationEvent, { email: string; file: File }>(({ sendBack, input }) => {
        const abort = new AbortController();
        const fail = (error: unknown) => {
          if (abort.signal.aborted) return;
          const failure = toFailure(error, MESSAGES.cvUploadFailed);
          sendBack({ type: 'UPLOAD.FAILED', message: failure.message, errors: failure.errors });
        };
        // The content is checked before a byte is sent: a renamed file fails here, not after a long upload. A
        // .docx is read whole (at most 10 MB) to check its package's directory, as the server does.
        input.file
          .slice(0, 4096)
          .arrayBuffer()
          .then(async (head) => {
            const kind = detectCvKind(new Uint8Array(head));
            const fine =
              kind === 'docx'
                ? checkDocxPackage(new Uint8Array(await input.file.arrayBuffer()))
                : kind !== null;
            if (!fine) throw { message: MESSAGES.cvType, errors: { cv: [MESSAGES.cvType] } };
            return api.uploadCv(
              input.email,
              input.file,
              (p) => sendBack({ type: 'UPLOAD.PROGRESS', loaded: p.loaded, total: p.total }),
              abort.signal,
            );
          })
          .then((result) => sendBack({ type: 'UPLOAD.DONE', filename: result.filename }))
          .catch(fail);
        return () => abort.abort();
      }),
      ...stepSaves(api),
      submitApplication: fromPromise(async ({ input }) => {
        await api.saveStep(paths.other, input.other);
        return api.submit(input.submit);
      }),
      loadStanding: fromPromise(() => api.standing()),
      signOut: fromPromise(async () => {
        await api.signOut();
        clearPersisted();
      }),
      otpTimer: otpTimerMachine.provide({ actors: { clock: realClock } }),
      paymentChoice: paymentChoiceMachine.provide({
        actors: {
          loadPayment: fromPromise(({ input }) => api.confirmationFacts(input.email)),
          lookupCountry: fromPromise(() => api.geoCountry()),
          recordChoice: fromPromise(({ input }) =>
            api.saveMisc({
              email: input.email,
              misc: { column_name: 'Financial Info', payment_option: input.option },
            }),
          ),
          checkout: fromPromise(({ input }) => createCheckout(config, api)(input)),
        },
      }),
      reminder: reminderMachine.provide({
        actors: {
          saveReminder: fromPromise(({ input }) => api.saveReminder(input.email, input.reminderDate)),
        },
      }),
      withdrawal: withdrawalMachine.provide({
        actors: { withdraw: fromPromise(() => api.withdraw()) },
      }),
      videoQuiz: videoQuizMachine.provide({
        actors: {
          submitVideoProgress: fromPromise<void, SaveVideoInput>(({ input }) =>
            api.saveVideoProgress(input.email, input.progress),
          ),
        },
      }),
    },
  });
}
