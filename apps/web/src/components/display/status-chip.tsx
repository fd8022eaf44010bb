import type { ReactElement } from 'react';
import Chip, { type ChipProps } from '@mui/material/Chip';

/** A palette colour of MUI's Chip. */
export type StatusTone = NonNullable<ChipProps['color']>;

/**
 * How one status looks: its colour, its fill and, where the colour would otherwise stand alone, an
 * icon. A status chip is a map from its statuses to looks plus their Dutch labels.
 */
export type StatusLook = {
  tone?: StatusTone;
  /** Outlined by default: the text takes the palette's main colour, AA in both schemes (components/judgement). */
  variant?: 'outlined' | 'filled';
  icon?: ReactElement;
};

type StatusChipProps = StatusLook & { label: string } & Omit<ChipProps, 'label' | 'color' | 'variant' | 'icon'>;

/**
 * The one chip of every status in the web (machines, task lists, reports, malfunctions, users,
 * due and label states...): small and outlined unless told otherwise; other Chip props (title,
 * sx, data-*) pass through.
 */
export function StatusChip({ tone = 'default', variant = 'outlined', size = 'small', ...rest }: StatusChipProps) {
  return <Chip size={size} variant={variant} color={tone} {...rest} />;
}
