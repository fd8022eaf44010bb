import { describe, expect, it } from 'vitest';
import { auditChangeText, auditFieldLabel, auditValueText } from './audit';

describe('audit texts', () => {
  it('writes values as a Dutch reader expects them', () => {
    expect(auditValueText(null)).toBe('—');
    expect(auditValueText(true)).toBe('ja');
    expect(auditValueText('2026-11-27T13:05:00.123+00:00')).toBe('27-11-2026 14:05');
    expect(auditValueText('2026-07-01T22:00:00+00:00')).toBe('02-07-2026 00:00');
    expect(auditValueText('2027-01-31')).toBe('31-01-2027');
    expect(auditValueText(['Goed', 'Slecht'])).toBe('Goed, Slecht');
    expect(auditValueText({ a: 1 })).toBe('{"a":1}');
    expect(auditValueText(12)).toBe('12');
  });

  it('names a field in Dutch and shows a change as before → after', () => {
    expect(auditFieldLabel('location_id')).toBe('Locatie');
    expect(auditFieldLabel('some_new_column')).toBe('some new column');
    const c = {
      field: 'status',
      label: 'Status',
      before: 'concept',
      after: 'active',
      before_text: 'Concept',
      after_text: 'Actief',
    };
    expect(auditChangeText(c, 'update')).toBe('Status: Concept → Actief');
    expect(auditChangeText(c, 'create')).toBe('Status: Actief');
    expect(auditChangeText(c, 'delete')).toBe('Status: Concept');
  });
});
