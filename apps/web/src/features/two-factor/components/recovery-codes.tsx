import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';

/** Copies text to the clipboard; false when the browser refuses (no permission, no https). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The ten recovery codes, shown once: a warning, the list, and copy and download (.txt). Each
 * works once instead of a code from the app.
 */
export function RecoveryCodesList({ codes, email }: { codes: string[]; email: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const text = codes.join('\n');

  const download = () => {
    const body =
      `Herstelcodes voor tweestapsverificatie (${email})\n` +
      `Elke code werkt één keer, in plaats van een code uit je app.\n\n${text}\n`;
    const url = URL.createObjectURL(new Blob([body], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'herstelcodes.txt';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Bewaar deze herstelcodes op een veilige plek, bijvoorbeeld in een wachtwoordmanager. Je ziet ze maar één keer.
        Met een herstelcode log je in als je je telefoon niet bij de hand hebt; elke code werkt één keer.
      </Alert>
      <Box
        component="ul"
        data-testid="recovery-codes"
        aria-label="Herstelcodes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr' },
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copyText(text).then(setCopied)}>
          Kopiëren
        </Button>
        <Button variant="outlined" startIcon={<Download />} onClick={download}>
          Downloaden
        </Button>
      </Stack>
      {copied !== null && (
        <Alert severity={copied ? 'success' : 'info'} role="status">
          {copied ? 'De herstelcodes zijn gekopieerd.' : 'Kopiëren lukte niet; selecteer de codes en kopieer ze zelf.'}
        </Alert>
      )}
    </Stack>
  );
}
