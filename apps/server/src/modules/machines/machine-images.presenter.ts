import type { MachineImage } from '@keurwijzer/shared/machines';
import { iso } from '../../lib/presenters';
import type { MachineImageRow } from './machine-images.repository';

/** An image as the API shows it: its file and thumbnail under the machine's own customer path. */
export function toMachineImage(customerId: number, row: MachineImageRow): MachineImage {
  const url = `/api/customers/${customerId}/machines/${row.machineId}/images/${row.id}/file`;
  return {
    id: row.id,
    url,
    thumb_url: `${url}?thumb=1`,
    content_type: row.contentType,
    width: row.width,
    height: row.height,
    created_at: iso(row.createdAt),
  };
}
