import type { Params } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';

/** What a screen's `prefetch` gets: the route's params and the query client (see app/deferred.tsx). */
export type PrefetchArgs = { params: Params; queryClient: QueryClient };
