import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { LABEL_TEXT } from '@keurwijzer/shared/labels';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { apiSend } from '../../../lib/api-client';
import { labelPaths } from '../api/labels';
import { MachineLabelMenu } from './label-download-menu';

/**
 * "QR-label" on the office's machine screen: print the machine's label (two layouts), or make a
 * new code, which stops every label printed before (a sticker that left with the machine).
 */
export function MachineLabelCard({ customerId, machineId }: { customerId: number; machineId: number }) {
  const run = useConfirmedAction();
  const [renewing, setRenewing] = useState(false);
  const renew = async () => {
    setRenewing(true);
    try {
      await run(
        {
          title: LABEL_TEXT.renew,
          message: LABEL_TEXT.renewConfirm,
          confirmLabel: LABEL_TEXT.renew,
          destructive: true,
        },
        () => apiSend<{ renewed: boolean }>(labelPaths.renew(customerId, machineId)),
      );
    } finally {
      setRenewing(false);
    }
  };
  return (
    <Card variant="outlined" sx={{ maxWidth: 760, mt: 3 }} component="section" aria-labelledby="machine-label">
      <CardContent>
        <Typography variant="h2" id="machine-label" sx={{ mb: 1 }}>
          QR-label
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Met de QR-code op het label ziet iedereen bij de machine de keuringsstatus en kan een storing melden.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <MachineLabelMenu customerId={customerId} machineId={machineId} />
          <Button color="inherit" startIcon={<AutorenewIcon />} disabled={renewing} onClick={() => void renew()}>
            {LABEL_TEXT.renew}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
