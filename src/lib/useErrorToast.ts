import { useEffect } from 'react';
import { problemMessage } from '../api/client';
import { toaster } from './toaster';

/**
 * Shows a query's failure as an error toast once per error (SPEC.md section 8: the
 * problem's detail, then title, then `fallback`). Call it in the screen that owns the
 * query, not in every component reading it, so one failure makes one toast.
 *
 * @param error the query's `error` (null while there is none)
 * @param fallback the spec's fallback string for the call
 * @param options `withMessage` for the device list, which also reads a `message` field
 * @returns the message to show inline, or null without an error
 */
export function useErrorToast(
  error: unknown,
  fallback: string,
  options: { withMessage?: boolean } = {},
): string | null {
  const withMessage = options.withMessage ?? false;
  const message = error ? problemMessage(error, fallback, { withMessage }) : null;
  useEffect(() => {
    if (error) toaster.error(problemMessage(error, fallback, { withMessage }));
  }, [error, fallback, withMessage]);
  return message;
}
