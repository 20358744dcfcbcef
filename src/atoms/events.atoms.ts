/**
 * Stored events and their alerts as Jotai atoms over TanStack Query (SPEC.md sections 4
 * and 7). A filtered list is an infinite query paged by cursor; resolving an alert is
 * optimistic: every cached list shows it resolved at once and goes back on failure, with
 * an error toast (SPEC.md section 8: the problem's detail, then title, then the fallback).
 */
import { atomFamily } from 'jotai-family';
import { atom } from 'jotai';
import { atomWithInfiniteQuery, atomWithMutation, queryClientAtom } from 'jotai-tanstack-query';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { problemMessage } from '../api/client';
import { alertKeys, resolveAlert } from '../api/alerts';
import { eventKeys, eventsInfiniteQueryOptions } from '../api/events';
import type { EventListQuery, EventPage } from '../api/events';
import { toaster } from '../lib/toaster';

/** Two list queries are the same list when every filter matches. */
const sameQuery = (a: EventListQuery, b: EventListQuery) =>
  a.device_id === b.device_id && a.event_type === b.event_type && a.from === b.from && a.to === b.to;

/**
 * One filtered event list (`['events', 'list', query]`), pages newest first. The screen
 * removes a list's atom (`eventListFamily.remove(query)`) when it stops showing it.
 */
export const eventListFamily = atomFamily(
  (query: EventListQuery) => atomWithInfiniteQuery(() => eventsInfiniteQueryOptions(query)),
  sameQuery,
);

type EventListData = InfiniteData<EventPage, string | null>;

/** `data` with the alert `alertId` marked `resolved`; the same object when no event holds it. */
export function withAlertResolved(data: EventListData | undefined, alertId: string, resolved: boolean): EventListData | undefined {
  if (!data || !data.pages.some((page) => page.events.some((e) => e.alert?.id === alertId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      events: page.events.map((e) => (e.alert?.id === alertId ? { ...e, alert: { ...e.alert, resolved } } : e)),
    })),
  };
}

function markResolved(client: QueryClient, alertId: string, resolved: boolean): void {
  client.setQueriesData<EventListData>({ queryKey: eventKeys.all }, (data) => withAlertResolved(data, alertId, resolved));
}

/**
 * Resolves an alert by id (`PATCH /v1/alerts/{id}`). Every cached event list shows it
 * resolved before the server answers; on failure the lists go back and an error toast
 * says why ('Failed to resolve alert' when the server gives no detail).
 */
export const resolveAlertAtom = atomWithMutation(() => ({
  mutationFn: (alertId: string) => resolveAlert(alertId),
  onMutate: async (alertId: string, { client }) => {
    await client.cancelQueries({ queryKey: eventKeys.all });
    const before: [QueryKey, unknown][] = client.getQueriesData({ queryKey: eventKeys.all });
    markResolved(client, alertId, true);
    return { before };
  },
  onError: (error, _alertId, context, { client }) => {
    for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    toaster.error(problemMessage(error, 'Failed to resolve alert'));
  },
  onSettled: async (_data, _error, _alertId, _context, { client }) => {
    await client.invalidateQueries({ queryKey: alertKeys.all });
  },
}));

/** Refetches every cached event list (the events screen's Refresh). */
export const refreshEventsAtom = atom(null, (get) => get(queryClientAtom).invalidateQueries({ queryKey: eventKeys.all }));
