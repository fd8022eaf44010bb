import { useQuery } from '@tanstack/react-query';
import type {
  MalfunctionCommentFormValues,
  MalfunctionWithdrawFormValues,
  OwnMalfunctionDetail,
} from '@keurwijzer/shared/malfunctions';
import { apiGet, apiSend } from '../../../lib/api-client';
import { useChange } from '../../../lib/query-client';

/** The customer's side of one malfunction (packages/shared/src/malfunctions.ts). */
export const ownMalfunctionPaths = {
  detail: (id: number) => `/api/own-malfunctions/${id}`,
  comments: (id: number) => `/api/own-malfunctions/${id}/comments`,
  withdraw: (id: number) => `/api/own-malfunctions/${id}/withdraw`,
};

/** GET /api/own-malfunctions/:id: the malfunction with the customer's timeline (under 'malfunctions', so every change refreshes it). */
export const ownMalfunctionQuery = (id: number) => ({
  queryKey: ['malfunctions', 'own-detail', id] as const,
  queryFn: async () => (await apiGet<OwnMalfunctionDetail>(ownMalfunctionPaths.detail(id))).data,
});
export const useOwnMalfunction = (id: number) => useQuery(ownMalfunctionQuery(id));

/** What the comment form sends: the text and at most one photo (file part `photo`). */
export type MalfunctionComment = MalfunctionCommentFormValues & { photo: File | null };

/** "Reactie toevoegen": POST .../comments as multipart -> 201 OwnMalfunctionDetail, "Reactie toegevoegd". */
export const useCommentOnMalfunction = (id: number) =>
  useChange('malfunctions', ({ comment, photo }: MalfunctionComment) =>
    apiSend<OwnMalfunctionDetail>(ownMalfunctionPaths.comments(id), photo ? { comment, photo } : { comment }),
  );

/** "Storing intrekken": POST .../withdraw -> OwnMalfunctionDetail, "Storing ingetrokken". */
export const useWithdrawMalfunction = (id: number) =>
  useChange('malfunctions', (values: MalfunctionWithdrawFormValues) =>
    apiSend<OwnMalfunctionDetail>(ownMalfunctionPaths.withdraw(id), values),
  );
