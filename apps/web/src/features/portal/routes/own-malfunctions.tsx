import { PageHeader } from '../../../components/layout/page-header';

/** malfunctions: Mijn storingen (being built). */
export default function OwnMalfunctions() {
  return <PageHeader title="Mijn storingen" />;
}
