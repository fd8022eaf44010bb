import type { ReactNode } from 'react';

/** What useConfirm() asks: the provider and its lazily loaded dialog both read it. */
export type ConfirmOptions = {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  destructive?: boolean;
};
