import { labelPlanning } from './labels-plan.service';
import { labelPrints } from './labels-print.service';
import { labelScans } from './labels-scan.service';
import type { LabelsDeps } from './labels-deps';

export {
  newLabelToken,
  type AfterCommit,
  type LabelCounters,
  type LabelMalfunctions,
  type LabelTasklists,
  type PublicReportBody,
} from './labels-deps';

/**
 * QR labels. Every machine has one code (newLabelToken), made when its label is
 * first printed and printed again on every reprint; "Nieuwe code" replaces it, so every sticker
 * printed before stops working. A scanned code opens: for anyone, the public page (name,
 * inventory number, state; throttled per address) and the anonymous "Storing melden" (throttled
 * per address and per machine, in the database); for a logged-in user, where to go (office,
 * mechanic with the open report on one of their lists, or the customer's machine screen).
 */
export function createLabelsService(deps: LabelsDeps) {
  return { ...labelScans(deps), ...labelPlanning(deps), ...labelPrints(deps) };
}

export type LabelsService = ReturnType<typeof createLabelsService>;
