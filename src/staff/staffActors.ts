/** The staff machines' effects: each actor is one call of the staff API (src/staff/api.ts). */
import { fromPromise } from 'xstate';
import type { StaffBulkRequest } from '../../machines/rules/staff/bulk';
import type { StaffQueueQuery } from '../../machines/rules/staff/queue';
import {
  staffApplicationMachine,
  type ReviewInput,
  type StaffApplicationPage,
} from '../../machines/staffApplication.machine';
import { staffCsvMachine, type StaffCsvInput } from '../../machines/staffCsv.machine';
import { staffDataRightsMachine } from '../../machines/staffDataRights.machine';
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

/** A page fetched ahead is shown if it is younger than this; an older one is fetched again. */
const PREFETCH_FRESH_MS = 30_000;
const prefetched = new WeakMap<StaffApi, Map<number, { page: Promise<StaffApplicationPage>; at: number }>>();

/**
 * Fetch an application while the one before is being read, so Next shows it at once (issue 24 asks ≤ 300 ms). A
 * failed fetch is forgotten, and the page then asks again as usual.
 */
export function prefetchApplication(api: StaffApi, id: number): void {
  const pages = prefetched.get(api) ?? new Map();
  prefetched.set(api, pages);
  const held = pages.get(id);
  if (held && Date.now() - held.at < PREFETCH_FRESH_MS) return;
  const page = api.application(id);
  page.catch(() => pages.delete(id));
  pages.set(id, { page, at: Date.now() });
}

/** The prefetched page once (its held decision's time counted from now), else a fresh fetch. */
async function loadApplication(api: StaffApi, id: number): Promise<StaffApplicationPage> {
  const held = prefetched.get(api)?.get(id);
  prefetched.get(api)?.delete(id);
  if (!held || Date.now() - held.at >= PREFETCH_FRESH_MS) return api.application(id);
  const page = await held.page.catch(() => api.application(id));
  const review = page.review;
  if (review?.releasesInMs == null) return page;
  const releasesInMs = review.releasesInMs - (Date.now() - held.at);
  // Released while waiting: the stored answer is out of date, ask again.
  return releasesInMs > 0 ? { ...page, review: { ...review, releasesInMs } } : api.application(id);
}

export const provideApplication = (api: StaffApi) =>
  staffApplicationMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { id: number } }) => loadApplication(api, input.id)),
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

/** The file an admin's export is saved as: one per applicant, so a folder of requests answered stays legible. */
export const exportFilename = (id: number) => `application-${id}-data.zip`;

/** Hands a fetched file to the browser to save, as a link with `download` would. */
function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely started saving: a revoke at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const provideDataRights = (api: StaffApi) =>
  staffDataRightsMachine.provide({
    actors: {
      exportData: fromPromise(async ({ input }: { input: { id: number } }) => {
        saveFile(await api.exportData(input.id), exportFilename(input.id));
      }),
      erase: fromPromise(async ({ input }: { input: { id: number } }) => {
        await api.eraseData(input.id);
      }),
    },
  });
