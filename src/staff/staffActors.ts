/** The staff machines' effects: each actor is one call of the staff API (src/staff/api.ts). */
import { fromPromise } from 'xstate';
import type { StaffBulkRequest, StaffQueueQuery } from '../../machines/rules/staff';
import { staffApplicationMachine, type ReviewInput } from '../../machines/staffApplication.machine';
import { staffCsvMachine, type StaffCsvInput } from '../../machines/staffCsv.machine';
import { staffQueueMachine } from '../../machines/staffQueue.machine';
import { staffResourceMachine } from '../../machines/staffResource.machine';
import { staffSessionMachine } from '../../machines/staffSession.machine';
import type { StaffApi } from './api';

export const provideSession = (api: StaffApi) =>
  staffSessionMachine.provide({
    actors: {
      whoAmI: fromPromise(() => api.me()),
      sendCode: fromPromise(async ({ input }: { input: { email: string } }) => {
        await api.sendCode(input.email);
      }),
      verify: fromPromise(({ input }: { input: { email: string; code: string } }) =>
        api.verify(input.email, input.code),
      ),
      signOut: fromPromise(async () => {
        await api.signOut();
      }),
    },
  });

export const provideQueue = (api: StaffApi) =>
  staffQueueMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: StaffQueueQuery }) => api.queue(input)),
      bulk: fromPromise(({ input }: { input: StaffBulkRequest }) => api.bulk(input)),
    },
  });

export const provideApplication = (api: StaffApi) =>
  staffApplicationMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { id: number } }) => api.application(input.id)),
      review: fromPromise(async ({ input }: { input: ReviewInput }) => ({
        label: (await api.review(input.id, input.type, input.overbook)).label,
      })),
      addNote: fromPromise(async ({ input }: { input: { id: number; body: string } }) => {
        await api.addNote(input.id, input.body);
      }),
    },
  });

/** A staff page of one resource: how to load it and, if it changes, how to save a change. */
export const provideResource = <T, R = never>(
  load: () => Promise<T>,
  save: (request: R) => Promise<string> = () => Promise.reject(new Error('read only')),
) =>
  staffResourceMachine.provide({
    actors: {
      load: fromPromise<unknown>(() => load()),
      save: fromPromise(({ input }: { input: unknown }) => save(input as R)),
    },
  });

export const provideCsv = (api: StaffApi) =>
  staffCsvMachine.provide({
    actors: {
      preview: fromPromise(({ input }: { input: StaffCsvInput }) =>
        api.bulkCsv(input.text, input.cohort, false),
      ),
      apply: fromPromise(({ input }: { input: StaffCsvInput }) =>
        api.bulkCsv(input.text, input.cohort, true),
      ),
    },
  });
