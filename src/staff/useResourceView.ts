/**
 * What a staff page of one resource shows, selected narrowly (a page re-renders when one of these changes, not on
 * every snapshot) and read from the chart's tags, not its state names (docs/architecture.md).
 */
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ErrorMap } from '../../machines/rules/messages';
import type { staffResourceMachine } from '../../machines/staffResource.machine';

export interface ResourceView<T> {
  /** The resource as the server last gave it, or null before it has. */
  data: T | null;
  errors: ErrorMap;
  message?: string;
  notice?: string;
  loading: boolean;
  failed: boolean;
  ready: boolean;
  busy: boolean;
}

export function useResourceView<T>(actor: ActorRefFrom<typeof staffResourceMachine>): ResourceView<T> {
  return useSelector(
    actor,
    (s) => ({
      // The machine holds any resource; the page that provided its `load` knows which.
      data: s.context.data as T | null,
      errors: s.context.errors,
      message: s.context.message,
      notice: s.context.notice,
      loading: s.hasTag('loading'),
      failed: s.hasTag('failed'),
      ready: s.hasTag('ready'),
      busy: s.hasTag('busy'),
    }),
    shallowEqual,
  );
}
