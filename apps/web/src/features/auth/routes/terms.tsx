import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../components/layout/document-title';

const SECTIONS: readonly { title: string; text: string }[] = [
  {
    title: 'Je account',
    text:
      'Je account is persoonlijk. Houd je wachtwoord geheim en laat niemand anders met je account werken. ' +
      'Een beheerder koppelt je account aan je bedrijf; pas daarna zie je de machines van je bedrijf.',
  },
  {
    title: 'Gebruik',
    text:
      'Je gebruikt Keurwijzer alleen om de machines, keuringsrapporten en storingen van je eigen bedrijf in te zien ' +
      'en storingen te melden. Vul gegevens naar waarheid in.',
  },
  {
    title: 'Gegevens',
    text:
      'We bewaren je naam, e-mailadres en wat je in Keurwijzer doet, alleen om de dienst te leveren en te beveiligen. ' +
      'We delen deze gegevens niet met anderen, tenzij de wet ons daartoe verplicht.',
  },
  {
    title: 'Beëindigen',
    text:
      'We kunnen een account blokkeren bij misbruik of wanneer je bedrijf geen klant meer is. ' +
      'Wil je je account laten opheffen, neem dan contact met ons op.',
  },
];

/** terms: the terms of use, linked from the registration's checkbox (authentication layout). */
export default function Terms() {
  useDocumentTitle('Voorwaarden');
  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        Voorwaarden
      </Typography>
      {SECTIONS.map((s) => (
        <Stack key={s.title} spacing={0.5}>
          <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {s.title}
          </Typography>
          <Typography variant="body2">{s.text}</Typography>
        </Stack>
      ))}
      <Link component={RouterLink} to="/register" variant="body2">
        Terug naar registreren
      </Link>
    </Stack>
  );
}
