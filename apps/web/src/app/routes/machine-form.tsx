import MachineForm from '../../features/machines/routes/machine-form';
import { MachineIntervalsCard } from '../../features/intervals/components/machine-intervals-card';
import { MachineLabelCard } from '../../features/labels/components/machine-label-card';

/** The machine's form with its intervals and its label, each of its own feature. */
export default function MachineFormScreen() {
  return <MachineForm IntervalsCard={MachineIntervalsCard} LabelCard={MachineLabelCard} />;
}
