import LocationForm from '../../features/locations/routes/location-form';
import { LocationLabelsCard } from '../../features/labels/components/label-download-menu';

/** The location's form with its labels (the labels feature's). */
export default function LocationFormScreen() {
  return <LocationForm LabelsCard={LocationLabelsCard} />;
}
