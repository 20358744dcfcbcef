/**
 * The VORTEX connection form's values and their check. The server checks the same rules
 * (server/vortex/service.ts): the base URL is an absolute http(s) URL without a user
 * name or password; the API key is required the first time and, once saved, may be left
 * blank to keep it. Pure.
 */
import type { VortexCredentials, VortexCredentialsInput } from '../../api/vortex';
import type { FormCheck } from '../../lib/useCheckedForm';

export interface VortexFormValues {
  baseUrl: string;
  apiKey: string;
}

/** The form's starting values: the saved base URL; the key is never shown. */
export function initialVortexValues(saved: VortexCredentials | null): VortexFormValues {
  return { baseUrl: saved?.base_url ?? '', apiKey: '' };
}

/** The message for a base URL VORTEX cannot be reached at, else null. */
export function baseUrlError(text: string): string | null {
  if (text === '') return 'Base URL is required';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Base URL must be an absolute URL such as https://vortex.example.com';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Base URL must start with http:// or https://';
  if (url.username !== '' || url.password !== '') return 'Base URL must not hold a user name or password';
  return null;
}

/**
 * Checks the form. `hasSavedKey` is true when a key is saved, so a blank key keeps it.
 * @returns the request body, or a message per bad field
 */
export function validateVortexForm(values: VortexFormValues, hasSavedKey: boolean): FormCheck<VortexFormValues, VortexCredentialsInput> {
  const baseUrl = values.baseUrl.trim();
  const apiKey = values.apiKey.trim();
  const errors: Partial<Record<keyof VortexFormValues, string>> = {};
  const urlError = baseUrlError(baseUrl);
  if (urlError) errors.baseUrl = urlError;
  if (apiKey === '' && !hasSavedKey) errors.apiKey = 'API key is required';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: apiKey === '' ? { base_url: baseUrl } : { base_url: baseUrl, api_key: apiKey } };
}
