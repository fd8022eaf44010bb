import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Login attempts counted per window, for throttling across processes (auth/login-throttle.ts).
 * One row per counter: `kind` 'pair' (an e-mail from one IP; `client` is the IP), 'account' (an
 * e-mail from clients without a device cookie; `client` is '') or 'device' (an e-mail from one
 * browser with a device cookie; `client` is the cookie's device id). A login adds one to its
 * counters in one statement before the password is checked; `reset_at` ends the window.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    // 'recover' (forgot-password: an e-mail from one IP), 'recover_ip' (forgot-password: any
    // e-mail from one IP, `email` ''), 'password' (change-password: an account from one IP) use
    // the same counters (modules/account/password.service.ts); no database constraint lists them.
    // 'two_factor' (a second-factor code: an account from one IP) and 'two_factor_account' (an
    // account from any client, `client` '') count the two-factor codes (modules/two-factor).
    // 'password_account' (a session's password checks: an account from any client, `client` '')
    // and 'recover_mail_minute' / 'recover_mail_hour' (reset mails to one address, `client` '').
    kind: text('kind', {
      enum: [
        'pair',
        'account',
        'device',
        'recover',
        'recover_ip',
        'password',
        'two_factor',
        'two_factor_account',
        'password_account',
        'recover_mail_minute',
        'recover_mail_hour',
      ],
    }).notNull(),
    email: text('email').notNull(),
    client: text('client').notNull(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.email, t.client] }), index('login_throttle_reset_idx').on(t.resetAt)],
);
