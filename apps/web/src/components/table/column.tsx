import type { ReactNode } from 'react';
import { RowLink } from './row-action';

/*
 * A DataTable's columns: what a feature declares, and how a column's cells are laid out.
 */

export type Column<T> = {
  /** The sort key sent to the API when `sortable`. */
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  /** Hidden on screens narrower than this breakpoint. */
  hideBelow?: 'sm' | 'md' | 'lg' | 'xl';
  align?: 'left' | 'right' | 'center';
  /** Keep the cell on one line, as wide as its content (numbers, prices, codes, dates, chips). */
  nowrap?: boolean;
  /** One line, cut off with "…" where it does not fit; the full text is the cell's tooltip. */
  truncate?: {
    text: (row: T) => string;
    /** As wide as its content up to this many px (a name), instead of sharing the room left. */
    maxWidth?: number;
    /** Its part of the room the other columns leave (relative to the other sharing columns). */
    share?: number;
  };
  /** Makes the cell's content a link to the row's own screen (the table's primary column). */
  link?: (row: T) => { to: string; label?: string } | undefined;
};

/** Read by screen readers, not shown (1 px, clipped). */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Dutch empty-list texts (product-decisions "Words"). */
export const TABLE_TEXT = {
  loading: 'Laden...',
  empty: 'Geen gegevens beschikbaar',
  noMatch: 'Geen overeenkomende resultaten gevonden',
} as const;

export const hideSx = (bp?: Column<unknown>['hideBelow']) =>
  bp ? { display: { xs: 'none', [bp]: 'table-cell' } } : undefined;

/**
 * The width rules of the columns (docs/decisions.md, "Tables"). Once a column truncates, every
 * other column is as wide as its content on one line (width 1%: no wider than it must be), a
 * truncated column with a maxWidth fits its content up to that width, and the others share what
 * is left: `max-width: 0` lets such a cell be narrower than its text, so it is cut off instead of
 * wrapping or pushing the table wider than the screen.
 */
export function cellSx<T>(c: Column<T>, shares: number) {
  const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
  // At most 40% of a phone's width, so a long name cannot push the row's buttons off the screen.
  if (c.truncate?.maxWidth) return { ...oneLine, width: '1%', maxWidth: `min(${c.truncate.maxWidth}px, 40vw)` };
  if (c.truncate) return { ...oneLine, maxWidth: 0, width: `${(100 * (c.truncate.share ?? 1)) / shares}%` };
  if (shares > 0) return { whiteSpace: 'nowrap', width: '1%' } as const;
  return c.nowrap ? ({ whiteSpace: 'nowrap' } as const) : undefined;
}

/** The cell's content, as a link to the row's screen when the column has one. */
export function CellContent<T>({ column, row }: { column: Column<T>; row: T }) {
  const content = column.render(row);
  const link = column.link?.(row);
  if (!link) return content;
  return (
    <RowLink to={link.to} label={link.label} cover>
      {content}
    </RowLink>
  );
}
