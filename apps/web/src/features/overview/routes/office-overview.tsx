import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../components/layout/document-title';

/** Placeholder until issue 20's screen lands. */
export default function Screen() {
  useDocumentTitle('Overzicht');
  return <Typography variant="h1">Overzicht</Typography>;
}
