/** Dutch texts used by both the server and the web app. */
export const TEXT = {
  unauthenticated: 'Je bent niet ingelogd.',
  forbidden: 'Je hebt geen toegang tot deze actie.',
  notFound: 'Niet gevonden.',
  csrf: 'Je sessie is verlopen. Vernieuw de pagina en probeer het opnieuw.',
  validation: 'De ingevoerde gegevens zijn ongeldig.',
  throttled: 'Te veel pogingen. Probeer het over een minuut opnieuw.',
  serverError: 'Er is iets misgegaan. Probeer het later opnieuw.',
  payloadTooLarge: 'Het verzoek is te groot.',
  unsupportedMediaType: 'Dit soort gegevens wordt niet ondersteund.',
  invalidLogin: 'Ongeldige combinatie e-mail en wachtwoord',
  emailTaken: 'Dit e-mailadres is al in gebruik',
  customerRequired: 'Kies de klant van deze gebruiker',
  customerNotAllowed: 'Alleen klantgebruikers horen bij een klant',
  roleNotAllowed: 'Je mag deze rol niet toekennen',
  cannotArchiveSelf: 'Je kunt je eigen account niet archiveren.',
  alreadyArchived: 'Deze gebruiker is al gearchiveerd.',
  notArchived: 'Deze gebruiker is niet gearchiveerd.',
  alreadyActivated: 'Deze gebruiker heeft het account al geactiveerd.',
  userArchivedNoInvite: 'Een gearchiveerde gebruiker krijgt geen uitnodiging.',
  invitationSent: 'Uitnodiging is opnieuw verstuurd',
  loggedOut: 'Je bent uitgelogd',
  pageNotFound: 'Deze pagina bestaat niet.',
  unauthorized: 'Je hebt geen toegang tot deze pagina.',
  /** 429 of the per-account (or per-device) hourly login limit: not "a minute". */
  throttledAccount: 'Te veel mislukte pogingen voor dit account. Probeer het later opnieuw.',
} as const;

export type SuccessAction =
  | 'aangemaakt'
  /** Something that already existed is added to something else (a bank category to a questionnaire). */
  | 'toegevoegd'
  | 'gewijzigd'
  | 'verwijderd'
  | 'gearchiveerd'
  | 'hersteld'
  | 'verplaatst'
  | 'gedupliceerd';

/** "X is aangemaakt / gewijzigd / verwijderd ..." (spec section 8). */
export const successText = (entity: string, action: SuccessAction): string => `${entity} is ${action}`;

/** The transport errors of spec section 8: the api client's own messages. */
export const TRANSPORT = {
  notJson: 'Http error did not return json response.',
  okNotJson: 'Request successfull but no json was returned',
  inProgress: 'Request already in progress.',
} as const;

/** What a user reads for the transport errors above. */
export const TRANSPORT_NL: Record<string, string> = {
  [TRANSPORT.notJson]: 'De server gaf een onverwacht antwoord. Probeer het opnieuw.',
  [TRANSPORT.okNotJson]: 'Het verzoek is gelukt.',
  [TRANSPORT.inProgress]: 'Er wordt nog een verzoek verwerkt. Even geduld.',
  'Failed to fetch': 'Geen verbinding met de server. Controleer je internetverbinding.',
};

/** Account lifecycle texts (activation, later password reset). */
export const ACCOUNT_TEXT = {
  activated: 'Je account is geactiveerd. Je kunt nu inloggen.',
  invalidActivationLink: 'Deze activatielink is ongeldig of verlopen. Vraag de beheerder om een nieuwe uitnodiging.',
  commonPassword: 'Dit wachtwoord wordt te vaak gebruikt. Kies een ander wachtwoord.',
} as const;

/** Refused requests: malformed URLs and bodies, limits on heavy work, an overloaded server. */
export const LIMIT_TEXT = {
  badUrl: 'Dit adres is ongeldig.',
  urlTooLong: 'Dit adres is te lang.',
  unreadableBody: 'De verzonden gegevens zijn onvolledig of onleesbaar.',
  filesNotAccepted: 'Hier kunnen geen bestanden worden meegestuurd.',
  tooManyFiles: 'Er zijn te veel bestanden of velden meegestuurd.',
  fileTooLarge: 'Het bestand is te groot (maximaal 10 MB).',
  tooManyExports: 'Er lopen al twee exports van jou. Wacht tot die klaar zijn en probeer het dan opnieuw.',
  tooManyUploads: 'Er worden al twee afbeeldingen van jou verwerkt. Wacht tot die klaar zijn.',
  busy: 'De server is even te druk. Probeer het over enkele seconden opnieuw.',
  /** 503 when the file storage (the S3 bucket) does not answer or fails. */
  storageUnavailable: 'De opslag van bestanden is even niet bereikbaar. Probeer het later opnieuw.',
} as const;
