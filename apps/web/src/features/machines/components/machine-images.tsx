import type { MachineImage } from '@keurwijzer/shared/machines';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { useNotify } from '../../../components/feedback/notifications';
import { PhotoGallery } from '../../../components/photo/photo-gallery';
import { serverPhotoError } from '../../../components/photo/photo-check';
import { PhotoPicker } from '../../../components/photo/photo-picker';
import { usePickedPhotos } from '../../../components/photo/use-picked-photos';
import { useChange } from '../../../lib/query-client';
import { apiGet, apiSend, errorMessage } from '../../../lib/api-client';

/** Photos chosen at once. */
const MAX_AT_ONCE = 10;

/**
 * Photos of a machine: chosen with the photo picker (checked by their bytes at once), each
 * uploaded on its own; a refused one stays with the reason under it, an uploaded one joins the
 * photo grid, where it opens large and can be deleted.
 */
export function MachineImages({ customerId, machineId }: { customerId: number; machineId: number }) {
  const base = `/api/customers/${customerId}/machines/${machineId}/images`;
  const notify = useNotify();
  const run = useConfirmedAction();
  const picked = usePickedPhotos(MAX_AT_ONCE);
  const { data: images, isPending } = useQuery({
    queryKey: ['machines', 'images', customerId, machineId],
    queryFn: async () => (await apiGet<MachineImage[]>(base)).data,
  });
  const upload = useChange('machines', (file: File) => apiSend<MachineImage>(base, { image: file }));
  const remove = useChange('machines', (id: number) => apiSend<null>(`${base}/${id}`, {}, 'DELETE'));

  const onChoose = async (files: File[]) => {
    const { added } = await picked.add(files);
    for (const photo of added.filter((p) => p.problem === null)) {
      try {
        const res = await upload.mutateAsync(photo.file);
        if (res.message) notify(res.message);
        picked.remove(photo.key);
      } catch (err) {
        picked.setProblem(photo.key, serverPhotoError(err, 'image', 0, 1) ?? errorMessage(err));
      }
    }
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 760, mt: 3 }}>
      <CardContent>
        <Typography variant="h2" sx={{ mb: 2 }} id="machine-images-title">
          Afbeeldingen
        </Typography>
        {isPending ? (
          <Typography color="text.secondary">Laden...</Typography>
        ) : images && images.length > 0 ? (
          <PhotoGallery
            images={images}
            thumbWidth={140}
            onRemove={(img) =>
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
          />
        ) : (
          <Typography color="text.secondary">Nog geen afbeeldingen.</Typography>
        )}
        <Box sx={{ mt: 2 }}>
          {upload.isPending && <LinearProgress aria-label="Bezig met uploaden" sx={{ mb: 2 }} />}
          <PhotoPicker
            photos={picked.photos}
            onChoose={(files) => void onChoose(files)}
            onRemove={picked.remove}
            label="Afbeelding toevoegen"
            inputLabel="Afbeelding kiezen"
            kind="Gekozen afbeelding"
            disabled={upload.isPending}
            full={picked.room <= 0}
            onFull={() => notify('Verwijder eerst de geweigerde afbeeldingen.')}
          />
        </Box>
      </CardContent>
    </Card>
  );
}
