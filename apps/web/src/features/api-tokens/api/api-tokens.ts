import { useQuery } from '@tanstack/react-query';
import type { ApiToken, ApiTokenCreated, ApiTokenFormValues } from '@keurwijzer/shared/api-tokens';
import { apiGet, apiSend, type ApiResult } from '../../../lib/api-client';
import { useChange } from '../../../lib/query-client';

/** The personal API tokens' endpoints (packages/shared/src/api-tokens.ts). */
export const apiTokensPath = '/api/api-tokens';
export const openapiPath = '/api/openapi.json';

/** The query key's first element is the resource useChange refreshes. */
const KEY = ['api-tokens'] as const;

/** GET /api/api-tokens: the user's own tokens, newest first. */
export const useApiTokens = () =>
  useQuery({ queryKey: KEY, queryFn: async () => (await apiGet<ApiToken[]>(apiTokensPath)).data });

/** POST /api/api-tokens: a new token (the answer holds the token itself, once). */
export const useCreateApiToken = () =>
  useChange('api-tokens', (values: ApiTokenFormValues): Promise<ApiResult<ApiTokenCreated>> =>
    apiSend<ApiTokenCreated>(apiTokensPath, values),
  );

/** DELETE /api/api-tokens/{id}: revoke. */
export const useRevokeApiToken = () =>
  useChange('api-tokens', (id: number) => apiSend<null>(`${apiTokensPath}/${id}`, {}, 'DELETE'));
