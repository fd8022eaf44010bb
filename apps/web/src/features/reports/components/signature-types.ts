// What the signature dialog's hook and its lazily loaded view share.

/** One signature as the dialog gives it: who signed, and the pad's drawing as a PNG. */
export type GivenSignature = { name: string; blob: Blob };
/**
 * What "Afronden" gives: the mechanic's signature, the customer contact's when given, and the
 * malfunctions planned on the report to set to Opgelost with it.
 */
export type SignatureResult = {
  mechanic: GivenSignature;
  customer: GivenSignature | null;
  resolveMalfunctions: number[];
};

/** A malfunction planned on the report (ReportDetail.malfunctions). */
export type LinkedMalfunction = { id: number; description: string };
