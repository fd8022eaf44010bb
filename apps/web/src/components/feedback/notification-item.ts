// What the notifications provider and its lazily loaded snackbar share.

export type NotificationStatus = 'success' | 'error' | 'info' | 'warning';
/** A notification item of spec section 3: id, active flag, status, message. */
export type NotificationItem = { id: number; active: boolean; status: NotificationStatus; message: string };

/** Spec section 1 and 9: top right, grey, closes after 3000 ms, can be dismissed. */
export const NOTIFICATION_TIMEOUT_MS = 3000;
