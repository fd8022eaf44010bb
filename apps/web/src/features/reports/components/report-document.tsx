import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { COMPLIANCE_TEXT, formatMeasurement } from '@keurwijzer/shared/compliance';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import {
  REPORT_STATUS_LABELS,
  REPORT_TEXT,
  type ReportCategory,
  type ReportDetail,
  type ReportQuestion,
  type ReportStatus,
} from '@keurwijzer/shared/reports';
import { StatusChip } from '../../../components/display/status-chip';
import { JudgementChip, VerdictChip } from '../../../components/judgement/judgement';
import { formatDate, formatDateTime, formatDay } from '../../../lib/format';
import { judgementOf, limitsOf, memoTitle, optionLabel } from './report-format';
import { ReportSignatures } from './report-signatures';
import { AnswerPhotos } from './answer-photos';
import { ReportVersionBanner } from './report-version-banner';

/** "Open" or "Ingediend" as a chip. */
export function ReportStatusChip({ status }: { status: ReportStatus }) {
  const submitted = status === 'submitted';
  return (
    <StatusChip
      tone={submitted ? 'success' : 'default'}
      variant={submitted ? 'filled' : 'outlined'}
      label={REPORT_STATUS_LABELS[status]}
    />
  );
}

/** One label and value of the report's header (a definition list, two columns from sm up). */
function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0, ...(wide && { gridColumn: { xs: '1 / -1', sm: 'auto' } }) }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The report's header data: customer, place, machine, type, questionnaire, dates, mechanic. */
export function ReportHeader({ report, machineTo }: { report: ReportDetail; machineTo?: string }) {
  const m = report.machine;
  const machine = `${m.name} (${m.inventory_number})`;
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        columnGap: 2,
        rowGap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <Field label="Klant">{report.customer_name}</Field>
      <Field label="Vestiging">{report.location_name}</Field>
      <Field label="Machine" wide>
        {machineTo ? (
          <Link component={RouterLink} to={machineTo}>
            {machine}
          </Link>
        ) : (
          machine
        )}
      </Field>
      {(m.department_name || m.room_name) && (
        <Field label="Afdeling en ruimte">{[m.department_name, m.room_name].filter(Boolean).join(' > ')}</Field>
      )}
      {m.machine_type_name && <Field label="Machinetype">{m.machine_type_name}</Field>}
      {(m.brand_name || m.brand_type_name) && (
        <Field label="Merk en type">{[m.brand_name, m.brand_type_name].filter(Boolean).join(' ')}</Field>
      )}
      {m.factory_number && <Field label="Fabrieksnummer">{m.factory_number}</Field>}
      {m.manufacture_year && <Field label="Bouwjaar">{m.manufacture_year}</Field>}
      <Field label="Type">{INSPECTION_TYPE_LABELS[report.inspection_type]}</Field>
      <Field label="Vragenlijst">{report.questionnaire_name}</Field>
      <Field label="Gepland op">{formatDate(report.planned_date)}</Field>
      <Field label="Status">
        <ReportStatusChip status={report.status} />
        {report.status === 'open' && ` ${report.answered_count} / ${report.questions_count} beantwoord`}
      </Field>
      {report.submitted_at && <Field label="Ingediend op">{formatDateTime(report.submitted_at)}</Field>}
      {report.filled_in_by_name && <Field label="Monteur">{report.filled_in_by_name}</Field>}
    </Box>
  );
}

/**
 * The report's verdict, prominently: the stored one once submitted (with the derived one and the
 * mechanic's reason when overridden) and "Volgende keuring vóór <dd-mm-jjjj>"; while open, the
 * verdict the answers give so far.
 */
export function ReportVerdict({ report }: { report: ReportDetail }) {
  const verdict = report.verdict ?? report.derived_verdict;
  const overridden = report.verdict !== null && report.verdict !== report.derived_verdict;
  return (
    <Box
      component="section"
      aria-label={COMPLIANCE_TEXT.verdict}
      data-testid="report-verdict"
      sx={{ display: 'grid', gap: 1, mb: 2, pb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography component="span" variant="h2">
          {report.status === 'submitted' ? COMPLIANCE_TEXT.verdict : REPORT_TEXT.verdictDerived}
        </Typography>
        <VerdictChip verdict={verdict} size="medium" />
      </Box>
      {overridden && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {COMPLIANCE_TEXT.overriddenBy}; {REPORT_TEXT.verdictDerived.toLowerCase()}:
            </Typography>
            <VerdictChip verdict={report.derived_verdict} />
          </Box>
          {report.verdict_reason && (
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {COMPLIANCE_TEXT.overrideReason}:
              </Box>{' '}
              {report.verdict_reason}
            </Typography>
          )}
        </>
      )}
      {report.next_due_date && (
        <Typography sx={{ fontWeight: 600 }}>{COMPLIANCE_TEXT.nextDue(formatDay(report.next_due_date))}</Typography>
      )}
    </Box>
  );
}

/** A question's answer as the report shows it: the chosen option or the measured value, with its judgement. */
function AnswerOf({ q }: { q: ReportQuestion }) {
  const judgement = q.answer?.judgement ?? judgementOf(q, q.answer);
  const measurement = q.kind === 'measurement';
  const text = measurement
    ? q.answer?.value != null
      ? formatMeasurement(q.answer.value, q.unit)
      : null
    : optionLabel(q, q.answer?.option);
  return (
    <Box sx={{ textAlign: { sm: 'right' } }}>
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          alignItems: 'center',
          flexWrap: 'wrap',
          justifyContent: { sm: 'flex-end' },
        }}
      >
        <Typography
          component="span"
          sx={{ fontWeight: text ? 600 : 400 }}
          color={text ? 'text.primary' : 'text.secondary'}
        >
          {text ?? REPORT_TEXT.unanswered}
        </Typography>
        {text && judgement && <JudgementChip judgement={judgement} />}
      </Box>
      {measurement && (
        <Typography variant="body2" color="text.secondary">
          {COMPLIANCE_TEXT.limits}: {limitsOf(q)}
        </Typography>
      )}
    </Box>
  );
}

/** A category as submitted: each question with its chosen answer and memo; skipped ones marked. */
function CategoryAnswers({ category }: { category: ReportCategory }) {
  const id = `report-category-${category.id}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: category.skipped ? 0 : 1 }}>
        <Typography variant="h2" id={id} sx={{ flexGrow: 1 }}>
          {category.name}
        </Typography>
        {category.skipped && <StatusChip tone="warning" variant="filled" label={REPORT_TEXT.skippedCategory} />}
      </Box>
      {!category.skipped && (
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {category.questions.map((q) => {
            return (
              <Box
                component="li"
                key={q.id}
                sx={{
                  py: 1.5,
                  borderTop: 1,
                  borderColor: 'divider',
                  display: 'grid',
                  gap: { xs: 0.5, sm: 2 },
                  gridTemplateColumns: { xs: '1fr', sm: '1fr minmax(120px, auto)' },
                }}
              >
                <Typography>{q.name}</Typography>
                <AnswerOf q={q} />
                {q.answer?.memo && (
                  <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
                    {memoTitle(q)}: {q.answer.memo}
                  </Typography>
                )}
                <AnswerPhotos question={q} />
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}

/**
 * A report read-only, as it was submitted (or as far as it is filled in): its header, the
 * not-at-location warning, and every category with its answers. The read model is the shared
 * ReportDetail, so the office's screens, the mechanic's submitted report and the customer portal
 * show the same; the screen decides where the machine links to and which actions show.
 */
export function ReportDocument({
  report,
  machineTo,
  actions,
  versionTo,
}: {
  report: ReportDetail;
  /** The machine's screen for this reader (none: its name is plain text). */
  machineTo?: string;
  /** Buttons above the header (PDF downloaden). */
  actions?: ReactNode;
  /** Another version of the report for this reader (none: the banner links nowhere). */
  versionTo?: (reportId: number) => string;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ReportVersionBanner report={report} versionTo={versionTo} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>{actions}</Box>}
        <ReportVerdict report={report} />
        <ReportHeader report={report} machineTo={machineTo} />
      </Paper>
      {report.not_at_location && <Alert severity="warning">{REPORT_TEXT.notAtLocation}</Alert>}
      {report.categories.length === 0 ? (
        <Alert severity="info">{REPORT_TEXT.noQuestions}</Alert>
      ) : (
        report.categories.map((c) => <CategoryAnswers key={c.id} category={c} />)
      )}
      <ReportSignatures report={report} />
    </Box>
  );
}
