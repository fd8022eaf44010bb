/** Timestamps in the API contract are ISO strings. */
export const iso = (d: Date): string => d.toISOString();

/** The part every named master item shares (id, name, timestamps). */
export const presentNamed = (row: { id: number; name: string; createdAt: Date; updatedAt: Date }) => ({
  id: row.id,
  name: row.name,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

/** "1 vragenlijst" / "3 vragenlijsten". */
export const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
