import { z } from 'zod';
import { REPORT_TEXT } from './report-texts';
import { MSG, requiredText, sentAs } from './validation';

/* The signatures of a report: who signs, the limits of a signature and its texts; a device's point in time. */

/** Who signs a report at "Rapport afronden": the mechanic (asked) and the customer's contact (optional). */
export const SIGNATURE_ROLES = ['mechanic', 'customer'] as const;
export type SignatureRole = (typeof SIGNATURE_ROLES)[number];

/** A signature of a report: who signed, when, and its image (a PNG) for the reader. */
export const ReportSignatureSchema = z.object({
  role: z.enum(SIGNATURE_ROLES),
  signer_name: z.string(),
  signed_at: z.string(),
  url: z.string(),
});
export type ReportSignature = z.infer<typeof ReportSignatureSchema>;

/** A point in time as sent by a device (ISO 8601 with offset). */
export const instantField = () =>
  sentAs<string>()(
    z
      .string({ error: MSG.required })
      .min(1, { error: MSG.required, abort: true })
      .max(40, { error: REPORT_TEXT.invalidAnsweredAt, abort: true })
      .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), {
        error: REPORT_TEXT.invalidAnsweredAt,
      }),
  );

/** A signature's PNG is at most this many bytes (a pad's drawing is a few KB). */
export const MAX_SIGNATURE_BYTES = 512 * 1024;
/** The signer's name: 1 to 100 characters. */
export const SIGNER_NAME_MAX = 100;
/**
 * How far a signature's `signed_at` (the device's clock) may lie ahead of the server's: a clock a
 * few minutes fast is stored as the server's time; farther ahead is refused (a record never
 * carries a time that has not come yet).
 */
export const SIGNATURE_CLOCK_SKEW_MS = 5 * 60_000;

/** The texts of the signatures (the "Rapport afronden" dialog, the report views and the PDF). */
export const SIGNATURE_TEXT = {
  mechanic: 'Handtekening monteur',
  customer: 'Handtekening klant',
  notSigned: 'Niet ondertekend',
  signHere: 'Zet je handtekening',
  clear: 'Wissen',
  mechanicName: 'Naam monteur',
  customerName: 'Naam contactpersoon klant',
  customerOptional: 'Laat de contactpersoon van de klant tekenen (niet verplicht).',
  missing: 'Kies een handtekening om te uploaden',
  pngOnly: 'Een handtekening is een PNG-afbeelding',
  tooLarge: 'Een handtekening is maximaal 512 KB',
  saved: 'Handtekening opgeslagen',
  future: 'Het tijdstip van de handtekening ligt in de toekomst. Controleer de datum en tijd van je apparaat.',
} as const;
export const SIGNATURE_ROLE_LABELS: Record<SignatureRole, string> = {
  mechanic: SIGNATURE_TEXT.mechanic,
  customer: SIGNATURE_TEXT.customer,
};

/**
 * PUT /api/reports/:id/signatures/:role (multipart): the fields beside the file part `signature`
 * (a PNG of at most MAX_SIGNATURE_BYTES). The same role again replaces it while the report is open.
 */
export const SignatureFieldsSchema = z.object({
  signer_name: requiredText(SIGNER_NAME_MAX),
  signed_at: instantField(),
});
export type SignatureFields = z.output<typeof SignatureFieldsSchema>;
