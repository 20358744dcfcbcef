/** Browser settings from the server's configuration (`GET /v1/client-config`) as a Jotai query atom. */
import { atomWithQuery } from 'jotai-tanstack-query';
import { clientConfigQueryOptions } from '../api/clientConfig';

/** The map tile server, when configured (`['client-config']`). */
export const clientConfigAtom = atomWithQuery(() => clientConfigQueryOptions());
