/*
 * Per-user rates and the per-customer storage quota (finding 16). Counted in the
 * database, so they hold across server processes. The server's config may lower them (tests).
 */

/** Uploads (machine images, malfunction photos, profile photos) one user may start per hour. */
export const UPLOADS_PER_HOUR = 60;
/** Exports (inventory PDF/xlsx, report PDF, completed-reports xlsx) one user may start per hour. */
export const EXPORTS_PER_HOUR = 30;
/** Bytes of stored files (machine images, malfunction photos) per customer: 2 GiB. */
export const STORAGE_BYTES_PER_CUSTOMER = 2 * 1024 * 1024 * 1024;

export const USAGE_TEXT = {
  tooManyUploads: 'Je hebt het afgelopen uur te veel bestanden geüpload. Probeer het later opnieuw.',
  tooManyExports: 'Je hebt het afgelopen uur te veel exports gemaakt. Probeer het later opnieuw.',
  storageFull: 'De opslagruimte van deze klant is vol. Verwijder eerst oude afbeeldingen of foto’s.',
} as const;
