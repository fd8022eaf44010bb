import { describe, expect, it, vi } from 'vitest';
import { decodeImage, type ImageDecoder } from '../lib/image-intake';
import { createMachine, createPlacementChain } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { jpeg, report } from './malfunctions/malfunctions.test-helpers';

/*
 * The three image features share the ONE decode queue built in the composition root,
 * so "2 decodes per process" holds for them together. The decoder holds each decode until the
 * test lets it go, and counts how many run at once.
 */
const held: (() => void)[] = [];
const state = { running: 0, max: 0, prefixes: [] as string[] };
const gated: ImageDecoder = async (prefix, data, field) => {
  state.running++;
  state.max = Math.max(state.max, state.running);
  state.prefixes.push(prefix.split('/')[0]!);
  await new Promise<void>((resolve) => held.push(resolve));
  try {
    return await decodeImage(prefix, data, field);
  } finally {
    state.running--;
  }
};

const t = useTestApp({ app: () => ({ imageDecoder: gated }) });

describe('one image intake for machine images, malfunction photos and profile photos', () => {
  it('decodes two at once across the three features; the third waits for one of them', async () => {
    const chain = await createPlacementChain(t.db, 'Gedeelde wachtrij');
    const machine = await createMachine(t.db, chain, { name: 'Kolomboor' });
    const ofA = await createMachine(t.db, t.customerA.chain, { name: 'Draaibank' });
    const photo = await jpeg(200, 150);
    const file = { name: 'foto.jpg', type: 'image/jpeg', data: photo };

    const answers = Promise.all([
      t.admin.upload(`/api/customers/${chain.customer.id}/machines/${machine.id}/images`, 'image', file),
      report(t, t.customerA.client, ofA.id, { description: 'Lekt olie' }, [{ data: photo }]),
      t.mechanic.upload('/api/profile/image', 'image', file),
    ]);
    await vi.waitFor(() => expect(t.app.imageIntake.load).toEqual({ running: 2, waiting: 1 }));
    expect(state.running).toBe(2);
    held.shift()!();
    await vi.waitFor(() => expect(state.prefixes).toHaveLength(3));
    expect(t.app.imageIntake.load).toEqual({ running: 2, waiting: 0 });
    held.splice(0).forEach((go) => go());
    const [image, malfunction, profile] = await answers;
    expect(image.statusCode, image.body).toBe(201);
    expect(malfunction.statusCode, malfunction.body).toBe(201);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(state.max).toBe(2);
    expect(state.prefixes.sort()).toEqual(['machines', 'malfunctions', 'profiles']);
  });
});
