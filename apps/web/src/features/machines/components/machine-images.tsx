import type { MachineImage } from '@keurwijzer/shared/machines';
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useChange } from '../../../lib/query-client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { useNotify } from '../../../components/feedback/notifications';
import { apiGet, apiSend, errorMessage } from '../../../lib/api-client';

const MAX_BYTES = 10 * 1024 * 1024;

/** Photos of a machine: upload (JPEG, PNG or WebP, at most 10 MB), thumbnails, delete. */
export function MachineImages({ customerId, machineId }: { customerId: number; machineId: number }) {
  const base = `/api/customers/${customerId}/machines/${machineId}/images`;
  const input = useRef<HTMLInputElement>(null);
  const notify = useNotify();
  const run = useConfirmedAction();
  const [problem, setProblem] = useState<string | null>(null);
  const { data: images, isPending } = useQuery({
    queryKey: ['machines', 'images', customerId, machineId],
    queryFn: async () => (await apiGet<MachineImage[]>(base)).data,
  });
  const upload = useChange('machines', (file: File) => apiSend<MachineImage>(base, { image: file }));
  const remove = useChange('machines', (id: number) => apiSend<null>(`${base}/${id}`, {}, 'DELETE'));

  const onFiles = async (files: FileList | null) => {
    setProblem(null);
    for (const file of Array.from(files ?? [])) {
      if (file.size > MAX_BYTES) {
        setProblem(`${file.name} is groter dan 10 MB.`);
        continue;
      }
      try {
        const res = await upload.mutateAsync(file);
        if (res.message) notify(res.message);
      } catch (err) {
        setProblem(`${file.name}: ${errorMessage(err)}`);
      }
    }
    if (input.current) input.current.value = '';
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 760, mt: 3 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h2" sx={{ flexGrow: 1 }}>
            Afbeeldingen
          </Typography>
          <Button
            variant="outlined"
            startIcon={<AddPhotoIcon />}
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
          >
            Afbeelding toevoegen
          </Button>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            hidden
            aria-label="Afbeelding kiezen"
            onChange={(e) => void onFiles(e.target.files)}
          />
        </Box>
        {upload.isPending && <LinearProgress aria-label="Bezig met uploaden" sx={{ mb: 2 }} />}
        {problem && (
          <Alert severity="warning" onClose={() => setProblem(null)} sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        {isPending ? (
          <Typography color="text.secondary">Laden...</Typography>
        ) : images && images.length > 0 ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1.5 }}>
            {images.map((img, i) => (
              <Box
                key={img.id}
                sx={{ position: 'relative', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
              >
                <a href={img.url} target="_blank" rel="noreferrer">
                  <Box
                    component="img"
                    src={img.thumb_url}
                    alt={`Afbeelding ${i + 1}`}
                    loading="lazy"
                    sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }}
                  />
                </a>
                <IconButton
                  aria-label={`Afbeelding ${i + 1} verwijderen`}
                  size="small"
                  onClick={() =>
                    void run(
                      {
                        title: 'Afbeelding verwijderen',
                        message: 'Weet je zeker dat je deze afbeelding wilt verwijderen?',
                        confirmLabel: 'Verwijderen',
                        destructive: true,
                      },
                      () => remove.mutateAsync(img.id),
                    )
                  }
                  sx={{
                    position: 'absolute',
                    top: 4,
                    right: 4,
                    bgcolor: 'background.paper',
                    '&:hover': { bgcolor: 'background.paper' },
                  }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
        ) : (
          <Typography color="text.secondary">Nog geen afbeeldingen.</Typography>
        )}
      </CardContent>
    </Card>
  );
}
