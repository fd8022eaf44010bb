import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditChangeText, type AuditEvent } from '@keurwijzer/shared/audit';

/** "Machine gewijzigd", "Rapport aangemaakt". */
export const auditTitle = (e: AuditEvent) =>
  `${AUDIT_ENTITY_LABELS[e.entity]} ${AUDIT_ACTION_LABELS[e.action].toLowerCase()}`;

/** The changes of an event as lines ("Status: concept → actief"). */
export const changeLines = (e: AuditEvent) => e.changes.map((c) => auditChangeText(c, e.action));
