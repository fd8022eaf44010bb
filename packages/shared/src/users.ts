import { z } from 'zod';
import { listQuerySchema } from './api';
import { PERMISSIONS, ROLES } from './permissions';
import {
  MSG,
  PASSWORD_MAX,
  choiceField,
  emailField,
  flagField,
  idField,
  optionalIdField,
  optionalText,
  requiredText,
} from './validation';

/** A user as the API returns it (product-decisions "User payload"). Never the password hash. */
export const UserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  preposition: z.string().nullable(),
  last_name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.enum(ROLES),
  roles: z.array(z.enum(ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
  customer_id: z.number().int().nullable(),
  /** Name of the customer a customer user belongs to. */
  customer_name: z.string().nullable(),
  archived_at: z.string().nullable(),
  activated_at: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * One user as user management shows it (GET /api/users/:id and the actions on one user): the
 * payload plus whether an admin required a new password (lists do not carry it).
 */
export const UserDetailSchema = UserSchema.extend({
  password_change_required: z.boolean(),
  /** Two-factor sign-in is on (an admin can reset it: POST /api/users/:id/reset-two-factor). */
  two_factor_enabled: z.boolean(),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** Interface languages (spec section 1): Dutch only; default and fallback. */
export const LANGUAGES = ['nl'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The logged-in user (POST /api/login, GET /api/authorized, the profile): the user payload with
 * the account's own settings, which lists of users do not carry.
 */
export const CurrentUserSchema = UserSchema.extend({
  lang: z.enum(LANGUAGES),
  two_factor_enabled: z.boolean(),
  /**
   * Two-factor sign-in is compulsory for this role (TWO_FACTOR_REQUIRED_FOR_EMPLOYEES) and not on
   * yet: the app sends the user to 2fa-intro, and the API answers 403 elsewhere until it is on.
   */
  two_factor_setup_required: z.boolean(),
  /**
   * An admin required a new password (POST /api/users/:id/require-password-change): the app sends
   * the user to change-password, and the API answers 403 elsewhere until it is changed.
   */
  password_change_required: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/**
 * POST /api/login (and the end of Google sign-in): the user, or, for an account with two-factor
 * sign-in on, `two_factor_required` and a session that only POST /api/2fa accepts.
 */
export const TwoFactorRequiredSchema = z.object({ two_factor_required: z.literal(true) });
export const LoginResultSchema = z.union([CurrentUserSchema, TwoFactorRequiredSchema]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** What an admin fills in for a user. The customer is required for (and only for) customers. */
export const UserInputSchema = z
  .object({
    first_name: requiredText(),
    preposition: optionalText(),
    last_name: requiredText(),
    email: emailField(),
    role: choiceField(ROLES),
    customer_id: optionalIdField(),
  })
  .superRefine((value, ctx) => {
    if (value.role === 'customer' && value.customer_id == null) {
      ctx.addIssue({ code: 'custom', path: ['customer_id'], message: 'Verplicht' });
    }
    if (value.role !== 'customer' && value.customer_id != null) {
      ctx.addIssue({ code: 'custom', path: ['customer_id'], message: 'Alleen klantgebruikers horen bij een klant' });
    }
  });
export type UserInput = z.output<typeof UserInputSchema>;
export type UserFormValues = z.input<typeof UserInputSchema>;

export const USER_SORT_KEYS = ['last_name', 'first_name', 'email', 'role', 'created_at'] as const;

/**
 * GET /api/users query: employees=1 lists employees, employees=0 customer users; customer_id the
 * users of one customer (the customer screen).
 */
export const UserListQuerySchema = listQuerySchema(USER_SORT_KEYS, 'last_name').extend({
  employees: flagField().optional(),
  customer_id: idField().optional(),
  /** without_customer=1: only customer users not linked to a customer yet (self-registered). */
  without_customer: flagField().optional(),
});
export type UserListQuery = z.input<typeof UserListQuerySchema>;
/** The filters of the customer users' list (admin/customer-users) in its URL: "Zonder klant". */
export const CUSTOMER_USER_FILTER_KEYS = ['without_customer'] as const;
export type UserListParams = z.output<typeof UserListQuerySchema>;

export const LoginInputSchema = z.object({
  email: emailField(),
  password: z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required, abort: true })
    .max(PASSWORD_MAX, { error: `Maximaal ${PASSWORD_MAX} tekens` }),
});
export type LoginInput = z.output<typeof LoginInputSchema>;
export type LoginFormValues = z.input<typeof LoginInputSchema>;

/** "Voornaam [tussenvoegsel] achternaam". */
export function fullName(user: Pick<User, 'first_name' | 'preposition' | 'last_name'>): string {
  return [user.first_name, user.preposition, user.last_name].filter(Boolean).join(' ');
}

/** The displayed last name is preposition plus last name (spec section 3). */
export function displayLastName(user: Pick<User, 'preposition' | 'last_name'>): string {
  return [user.preposition, user.last_name].filter(Boolean).join(' ');
}
