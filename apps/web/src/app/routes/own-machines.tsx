import OwnMachines from '../../features/portal/routes/own-machines';
import { KeuringsoverzichtButton } from '../../features/certificates/components/keuringsoverzicht-button';

/** The customer's machines with the Keuringsoverzicht of its locations (the certificates feature's). */
export default function OwnMachinesScreen() {
  return <OwnMachines certificates={<KeuringsoverzichtButton />} />;
}
