import type { Theme } from '@mui/material/styles';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import CancelIcon from '@mui/icons-material/HighlightOff';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import type { ReactElement } from 'react';
import { JUDGEMENT_LABELS, VERDICT_LABELS, type Judgement, type Verdict } from '@keurwijzer/shared/compliance';
import { StatusChip } from '../display/status-chip';

/*
 * The colours and chips of judgements (Goed / Opmerking / Afkeur / n.v.t.) and verdicts
 * (Goedgekeurd / Goedgekeurd met opmerkingen / Afgekeurd), one place for every screen.
 *
 * Colour is never the only signal: every chip has an icon and its Dutch label. The chips are
 * outlined, so the text takes the palette's main colour on the paper; the theme's main colours
 * reach AA (4.5:1) as text in both schemes: light success #2e7d32 (5.1:1 on white), warning
 * #B45309 (5:1), error #d32f2f (4.98:1); dark success #66bb6a, warning #ffa726, error #F26B6B
 * (all above 5.7:1 on #1c1c1e). n.v.t. is the neutral text colour.
 */

export type JudgementPalette = 'success' | 'warning' | 'error' | 'default';

const JUDGEMENT_PALETTE: Record<Judgement, JudgementPalette> = {
  good: 'success',
  remark: 'warning',
  reject: 'error',
  na: 'default',
};

const VERDICT_PALETTE: Record<Verdict, JudgementPalette> = {
  approved: 'success',
  approved_with_remarks: 'warning',
  rejected: 'error',
};

/** The MUI palette colour of a judgement: success, warning, error, or default for n.v.t. */
export function judgementPalette(judgement: Judgement): JudgementPalette {
  return JUDGEMENT_PALETTE[judgement];
}

/** The MUI palette colour of a verdict. */
export function verdictPalette(verdict: Verdict): JudgementPalette {
  return VERDICT_PALETTE[verdict];
}

/**
 * The text colour of a judgement in the current scheme (a CSS colour or CSS variable), for text
 * or icons outside a chip, e.g. `sx={{ color: (t) => judgementColor(t, 'reject') }}`.
 */
export function judgementColor(theme: Theme, judgement: Judgement): string {
  const palette = (theme.vars ?? theme).palette;
  const p = judgementPalette(judgement);
  return p === 'default' ? palette.text.secondary : palette[p].main;
}

const JUDGEMENT_ICONS: Record<Judgement, ReactElement> = {
  good: <CheckCircleIcon />,
  remark: <InfoIcon />,
  reject: <CancelIcon />,
  na: <RemoveIcon />,
};

const VERDICT_ICONS: Record<Verdict, ReactElement> = {
  approved: <CheckCircleIcon />,
  approved_with_remarks: <InfoIcon />,
  rejected: <CancelIcon />,
};

type ChipSize = 'small' | 'medium';

/** A judgement as a chip: icon, colour and its label (Goed, Opmerking, Afkeur, n.v.t.). */
export function JudgementChip({ judgement, size = 'small' }: { judgement: Judgement; size?: ChipSize }) {
  return (
    <StatusChip
      size={size}
      tone={judgementPalette(judgement)}
      icon={JUDGEMENT_ICONS[judgement]}
      label={JUDGEMENT_LABELS[judgement]}
      data-judgement={judgement}
    />
  );
}

/** A report's verdict as a chip: Goedgekeurd (green), met opmerkingen (amber), Afgekeurd (red). */
export function VerdictChip({ verdict, size = 'small' }: { verdict: Verdict; size?: ChipSize }) {
  return (
    <StatusChip
      size={size}
      tone={verdictPalette(verdict)}
      icon={VERDICT_ICONS[verdict]}
      label={VERDICT_LABELS[verdict]}
      data-verdict={verdict}
    />
  );
}

/**
 * The icon of a judgement alone (e.g. beside a select's option), in its colour. Decorative by
 * default; with `label` it is an image with that accessible name ("Oordeel: Afkeur") that adds
 * no text to its parent's text (no <title>), so "Ja / Nee" stays the row's text.
 */
export function JudgementIcon({
  judgement,
  fontSize = 'small',
  label,
}: {
  judgement: Judgement;
  fontSize?: 'small' | 'inherit' | 'medium';
  label?: string;
}) {
  const Icon = { good: CheckCircleIcon, remark: InfoIcon, reject: CancelIcon, na: RemoveIcon }[judgement];
  const a11y = label ? { role: 'img', 'aria-label': label, 'aria-hidden': false } : { 'aria-hidden': true };
  return <Icon fontSize={fontSize} sx={{ color: (t) => judgementColor(t, judgement) }} {...a11y} />;
}
