import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { COMPLIANCE_TEXT } from '@keurwijzer/shared/compliance';
import { REPORT_TEXT, openQuestionsText, type ReportDetail } from '@keurwijzer/shared/reports';
import { RefusedChanges } from './refused-changes';
import { useNotify } from '../../../components/feedback/notifications';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/api/auth';
import { useSaveReport } from '../../../lib/api/reports';
import { questionElementId } from './question-card';
import { ReportVersionBanner } from './report-version-banner';
import { ReportMachine } from './report-machine';
import { OFFLINE_TEXT, ReportProgress } from './report-progress';
import { isAnswered, liveVerdict } from './report-format';
import { VerdictPanel } from './verdict-panel';
import { ReportButtons, ReportCategories, useCategorySkip, useVerdictOverride } from './report-form-parts';
import { useReportFiller } from '../filler/use-report-filler';
import { useSignatureDialog } from './signature-dialog';

/** Scrolls a question to the middle of the screen and puts the focus on it. */
function goToQuestion(questionId: number) {
  const element = document.getElementById(questionElementId(questionId));
  element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  element?.focus({ preventScroll: true });
}

/** Said while a submit made without a connection waits on this device (the form is read-only). */
export const SUBMIT_QUEUED_TEXT = 'Rapport afgerond op dit apparaat. Het wordt verzonden zodra er verbinding is.';

/** The report ids of the missing answers in a submit's 422 (`question_<id>`). */
const missingIds = (err: ApiError) =>
  Object.keys(err.errors).flatMap((key) => {
    const match = /^question_(\d+)$/.exec(key);
    return match ? [Number(match[1])] : [];
  });

/** The open report: answer with one tap each, skip categories, save and submit. */
export function ReportForm({ report, machinesTo }: { report: ReportDetail; machinesTo?: string }) {
  const user = useCurrentUser();
  const filler = useReportFiller(report, user.id);
  const signature = useSignatureDialog();
  const notify = useNotify();
  const save = useSaveReport(report.id);
  const [missing, setMissing] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const { override, onOverride, reasonError, reasonRef, reasonMissing } = useVerdictOverride();

  const toAnswer = filler.categories.filter((c) => !c.skipped).flatMap((c) => c.questions);
  const unanswered = toAnswer.filter((q) => !isAnswered(q));
  // The verdict the answers on this device give: what the server derives at the submit.
  const derived = liveVerdict(filler.categories);
  const overridden = override !== null && override.verdict !== derived;
  const answered = toAnswer.length - unanswered.length;

  const { onSkip, onRestore } = useCategorySkip(filler);

  /** Marks the missing questions and jumps to the first of them in the report's order. */
  const showMissing = (ids: number[], message: string) => {
    setMissing(new Set(ids));
    const first = toAnswer.find((q) => ids.includes(q.id))?.id ?? ids[0];
    if (first !== undefined) goToQuestion(first);
    notify(message, 'error');
  };

  /**
   * A button's action. "Rapport indienen" needs a connection (everything waiting is sent first);
   * "Rapport afronden" works without one: the submit is queued after the report's other changes.
   */
  const run = async (kind: 'save' | 'submit', action: () => Promise<void>) => {
    if (kind === 'save' && filler.offline) {
      notify(OFFLINE_TEXT, 'warning');
      return;
    }
    setBusy(kind);
    try {
      if (kind === 'save') await filler.flush();
      await action();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && missingIds(err).length > 0) {
        showMissing(missingIds(err), err.message);
      } else if (err instanceof ApiError && err.status === 422 && err.errors.verdict_reason?.[0]) {
        reasonMissing(err.errors.verdict_reason[0]);
      } else notify(errorMessage(err), 'error');
    } finally {
      setBusy(null);
    }
  };

  /** "Rapport indienen": everything waiting is sent, then the report itself ("Antwoorden opgeslagen"). */
  const onSave = () =>
    run('save', async () => {
      const res = await save.mutateAsync({ not_at_location: filler.notAtLocation });
      notify(res.message ?? REPORT_TEXT.answersSaved);
    });

  /** "Rapport afronden": only complete reports; after a confirmation it is submitted and read-only. */
  const onSubmit = () =>
    run('submit', async () => {
      if (unanswered.length > 0) {
        showMissing(
          unanswered.map((q) => q.id),
          openQuestionsText(unanswered.length),
        );
        return;
      }
      if (overridden && !override.reason.trim()) {
        reasonMissing(COMPLIANCE_TEXT.overrideReasonRequired);
        return;
      }
      const verdict = overridden ? override.verdict : derived;
      // One dialog: the verdict line, the mechanic's signature and optionally the customer's.
      // "Storing op Opgelost zetten" per malfunction planned on this report.
      const signed = await signature.ask({ verdict, malfunctions: report.malfunctions });
      if (!signed) return;
      // The signatures and the submit are stored together, after every answer and photo; online
      // it waits for the server's answer (the report query then holds the submitted report).
      const outcome = await filler.submit({
        signatures: [
          { role: 'mechanic', signerName: signed.mechanic.name, blob: signed.mechanic.blob },
          ...(signed.customer
            ? [{ role: 'customer' as const, signerName: signed.customer.name, blob: signed.customer.blob }]
            : []),
        ],
        ...(overridden && { verdict: override.verdict, verdictReason: override.reason }),
        resolveMalfunctions: signed.resolveMalfunctions,
      });
      if (outcome === 'not-kept') return;
      notify(outcome === 'sent' ? REPORT_TEXT.submitted : SUBMIT_QUEUED_TEXT, outcome === 'sent' ? 'success' : 'info');
      window.scrollTo({ top: 0 });
    });

  return (
    <>
      {signature.dialog}
      {filler.submitKept && filler.refused.length === 0 && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {SUBMIT_QUEUED_TEXT}
        </Alert>
      )}
      <RefusedChanges entries={filler.refused} submitWaits={filler.submitKept} onShow={goToQuestion} />
      {/* A queued submit makes the form read-only (a disabled fieldset disables every control). */}
      <Box component="fieldset" disabled={filler.pendingSubmit} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        {report.replaces && (
          <Box sx={{ mb: 2 }}>
            <ReportVersionBanner report={report} versionTo={(other) => `/mechanic/report/${other}`} />
          </Box>
        )}
        <ReportMachine
          report={report}
          notAtLocation={filler.notAtLocation}
          onNotAtLocation={filler.setNotAtLocation}
          machinesTo={machinesTo}
        />
        <ReportProgress
          answered={answered}
          total={toAnswer.length}
          saving={filler.saving}
          offline={filler.offline}
          onFirstOpen={() => unanswered[0] && goToQuestion(unanswered[0].id)}
        />
        <ReportCategories
          filler={filler}
          missing={missing}
          onSkip={(category) => void onSkip(category)}
          onRestore={onRestore}
        />
        {filler.categories.length > 0 && (
          <VerdictPanel
            derived={derived}
            override={override}
            onOverride={onOverride}
            reasonError={reasonError}
            reasonRef={reasonRef}
          />
        )}
        <ReportButtons busy={busy} onSave={() => void onSave()} onSubmit={() => void onSubmit()} />
      </Box>
    </>
  );
}
