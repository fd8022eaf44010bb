import { Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LABEL_TOKEN_PATTERN, type LabelTargetResult } from '@keurwijzer/shared/labels';
import { PageLoader } from '../../../components/feedback/page-loader';
import { ApiError } from '../../../lib/api-client';
import { homeFor, useAuth } from '../../../lib/api/auth';
import { getLabelTarget, getPublicLabel, labelKeys } from '../api/labels';
import { LabelError, LabelNotFound } from '../components/label-messages';
import { useNoIndex } from '../components/label-shell';
import { MechanicLabel } from '../components/mechanic-label';
import { PublicLabelPage } from '../components/public-label-page';

const status = (err: unknown) => (err instanceof ApiError ? err.status : 0);

/** Where a logged-in user who opened a label goes; null: the mechanic's "add to today" page. */
function labelDestination(t: LabelTargetResult): string | null {
  if (t.target === 'office') return `/admin/customers/${t.customer_id}/machines/${t.machine_id}/edit`;
  if (t.target === 'customer') return `/machines/${t.machine_id}`;
  return t.open_report_id === null ? null : `/mechanic/report/${t.open_report_id}`;
}

/**
 * /m/:token, what a machine's QR label opens (outside the login guard). Logged in: the office
 * machine screen (admin), the customer's machine screen (a user of its customer), the open report
 * (mechanic) or the offer to put it on today's list. Anonymous, or a session that may not look
 * (401/403): the public page. An unknown, revoked or foreign code: "Label niet gevonden".
 */
export default function LabelLanding() {
  const token = useParams().token ?? '';
  const valid = LABEL_TOKEN_PATTERN.test(token);
  useNoIndex();
  const { user, isLoading } = useAuth();
  const target = useQuery({
    queryKey: labelKeys.target(token),
    queryFn: () => getLabelTarget(token),
    enabled: valid && !!user,
    retry: false,
    staleTime: 0,
  });
  // No session (or it could not be checked), or one that may not look: the public page.
  const anonymous = !isLoading && (!user || [401, 403].includes(status(target.error)));
  const label = useQuery({
    queryKey: labelKeys.public(token),
    queryFn: () => getPublicLabel(token),
    enabled: valid && anonymous,
    retry: false,
  });
  const home = user ? homeFor(user.role) : undefined;
  if (!valid) return <LabelNotFound home={home} />;
  if (isLoading) return <PageLoader />;
  if (anonymous) {
    if (label.isPending) return <PageLoader />;
    if (label.error) {
      return status(label.error) === 404 ? (
        <LabelNotFound />
      ) : (
        <LabelError error={label.error} retry={() => void label.refetch()} />
      );
    }
    return <PublicLabelPage token={token} label={label.data} />;
  }
  if (target.isPending) return <PageLoader />;
  if (target.error) {
    return status(target.error) === 404 ? (
      <LabelNotFound home={home} />
    ) : (
      <LabelError error={target.error} retry={() => void target.refetch()} />
    );
  }
  const to = labelDestination(target.data);
  return to ? <Navigate to={to} replace /> : <MechanicLabel token={token} />;
}
