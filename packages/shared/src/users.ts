import { z } from 'zod';
import { listQuerySchema } from './api';
import { PERMISSIONS, ROLES } from './permissions';
import { choiceField, emailField, flagField, idField, optionalIdField, optionalText, requiredText } from './validation';
import { LANGUAGES } from './user-basics';

// What the login page and the main layout need (built without this module's schemas).
export {
  LANGUAGES,
  LoginInputSchema,
  displayLastName,
  fullName,
  type Language,
  type LoginFormValues,
  type LoginInput,
} from './user-basics';

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
  /**
   * "Beheerder van de klant": a customer user who invites and archives the users of
   * their own customer (GET/POST /api/own-users). Always false for other roles.
   */
  customer_admin: z.boolean(),
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
    /** "Beheerder van de klant": only for role customer (422 otherwise); not sent: false. */
    customer_admin: flagField().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.customer_admin && value.role !== 'customer') {
      ctx.addIssue({ code: 'custom', path: ['customer_admin'], message: ACCOUNTS_TEXT.customerAdminOnlyCustomer });
    }
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

// ---- Waiting accounts and customer administrators ---------------------------------

export const ACCOUNTS_TEXT = {
  customerAdmin: 'Beheerder van de klant',
  customerAdminHelp: 'Kan de gebruikers van de eigen klant uitnodigen en archiveren.',
  customerAdminOnlyCustomer: 'Alleen een klantgebruiker kan beheerder van de klant zijn',
  companyName: 'Bedrijfsnaam',
  givenCustomerNumber: 'Opgegeven klantnummer',
  suggestions: 'Voorstel',
  noSuggestion: 'Geen voorstel',
  linkTo: (customer: string) => `Koppelen aan ${customer}`,
  linkConfirm: (user: string, customer: string) =>
    `Weet je zeker dat je het account van ${user} wilt koppelen aan ${customer}? ${user} krijgt een e-mail dat het account klaar is.`,
  linked: (customer: string) => `Account is gekoppeld aan ${customer}`,
  alreadyLinked: 'Dit account is al gekoppeld aan een klant',
  notWaiting: 'Dit account wacht niet op een koppeling',
  customerGone: 'Deze klant bestaat niet (meer)',
  /** The portal's screen of a customer administrator. */
  ownUsersTitle: 'Gebruikers',
  ownUsersNew: 'Collega uitnodigen',
  ownUsersEmpty: 'Nog geen gebruikers',
  ownUserInvited: 'Uitnodiging is verstuurd',
  notYours: 'Dit kun je niet wijzigen',
  youAdmin: 'Jij (beheerder)',
} as const;

/** Why a customer is suggested for a waiting account, strongest first (the list's order). */
export const SUGGESTION_REASONS = ['customer_number', 'email_domain', 'name'] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];
export const SUGGESTION_REASON_LABELS: Record<SuggestionReason, string> = {
  customer_number: 'Klantnummer',
  email_domain: 'E-maildomein',
  name: 'Naam lijkt op',
};
/** At most this many suggestions per waiting account (also the cap of the name matches). */
export const MAX_SUGGESTIONS = 3;
/** The least pg_trgm similarity of lower(customer name) and lower(company name) that suggests it. */
export const NAME_SIMILARITY_MIN = 0.3;

/** A customer suggested for a waiting account, with its reason. */
export const CustomerSuggestionSchema = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_number: z.string(),
  reason: z.enum(SUGGESTION_REASONS),
});
export type CustomerSuggestion = z.infer<typeof CustomerSuggestionSchema>;

/**
 * GET /api/users/waiting: a self-registered customer user without a customer (not archived), what
 * they said of their company at registration, and the suggested customers: by exact customer
 * number, then by the e-mail domain of a customer's users (never a public provider's), then by
 * name similarity; at most MAX_SUGGESTIONS, each customer once with its strongest reason.
 */
export const WaitingAccountSchema = UserSchema.extend({
  company_name: z.string().nullable(),
  given_customer_number: z.string().nullable(),
  suggestions: z.array(CustomerSuggestionSchema),
});
export type WaitingAccount = z.infer<typeof WaitingAccountSchema>;

/** GET /api/users/waiting query: paging and search (name, e-mail), newest first by default. */
export const WaitingAccountsQuerySchema = listQuerySchema(USER_SORT_KEYS, 'created_at');
export type WaitingAccountsQuery = z.input<typeof WaitingAccountsQuerySchema>;
export type WaitingAccountsParams = z.output<typeof WaitingAccountsQuerySchema>;

/** POST /api/users/:id/link { customer_id }: links a waiting account to its customer and mails the user. */
export const LinkAccountInputSchema = z.object({ customer_id: idField() });
export type LinkAccountInput = z.output<typeof LinkAccountInputSchema>;
export type LinkAccountFormValues = z.input<typeof LinkAccountInputSchema>;

/** A field a customer administrator may not send: any value is a 422 with ACCOUNTS_TEXT.notYours. */
const refused = () => z.never({ error: ACCOUNTS_TEXT.notYours }).optional();

/**
 * POST /api/own-users: a customer administrator invites a colleague. Always role customer of the
 * administrator's own customer, never an administrator: sending `role`, `customer_id` or
 * `customer_admin` is a 422 (a tampered form is refused, not silently changed).
 */
export const OwnUserInputSchema = z.object({
  first_name: requiredText(),
  preposition: optionalText(),
  last_name: requiredText(),
  email: emailField(),
  role: refused(),
  customer_id: refused(),
  customer_admin: refused(),
});
export type OwnUserInput = z.output<typeof OwnUserInputSchema>;
export type OwnUserFormValues = z.input<typeof OwnUserInputSchema>;

/** GET /api/own-users query: paging, search, sort and the archived flag. */
export const OwnUserListQuerySchema = listQuerySchema(USER_SORT_KEYS, 'last_name');
export type OwnUserListQuery = z.input<typeof OwnUserListQuerySchema>;
export type OwnUserListParams = z.output<typeof OwnUserListQuerySchema>;
