/**
 * The options of a select or filter over a fixed list of codes, each shown by its Dutch label
 * (`labelOptions(MALFUNCTION_STATUSES, MALFUNCTION_STATUS_LABELS)`), in the list's order.
 */
export function labelOptions<K extends string>(
  values: readonly K[],
  labels: Readonly<Record<K, string>>,
): { value: K; label: string }[] {
  return values.map((value) => ({ value, label: labels[value] }));
}
