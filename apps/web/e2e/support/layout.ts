import { expect, type Locator } from '@playwright/test';

/**
 * `note` (a notification) covers no part of `other` on screen. The pointer on the note holds it
 * open meanwhile (MUI pauses its 3 s), however slow this machine is.
 */
export async function expectClearOf(note: Locator, other: Locator) {
  await note.hover();
  const a = (await note.boundingBox())!;
  const b = (await other.boundingBox())!;
  const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap, `${JSON.stringify(a)} over ${JSON.stringify(b)}`).toBe(false);
}
