import { useState } from 'react';
import { usePickedPhotos } from './use-picked-photos';

/** What a form says when it is sent with a photo that the browser's check refused. */
export const REMOVE_REFUSED = 'Verwijder eerst de foto die niet geschikt is.';

/**
 * A form's photos in a PhotoPicker (usePickedPhotos) with the one message about them: too many
 * chosen (`fullText`), or a refused photo still there at sending. `pickerProps` wire the picker.
 */
export function usePhotoChoice(max: number, fullText: string) {
  const picked = usePickedPhotos(max);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (files: File[]) => {
    setProblem(null);
    const { overflow } = await picked.add(files);
    if (overflow) setProblem(fullText);
  };
  return {
    picked,
    problem,
    setProblem,
    /** True (and says so) while a photo the browser refused is still chosen: the form waits. */
    refusedLeft(): boolean {
      if (picked.refused.length === 0) return false;
      setProblem(REMOVE_REFUSED);
      return true;
    },
    pickerProps: {
      photos: picked.photos,
      onChoose: (files: File[]) => void choose(files),
      onRemove: (key: string) => {
        picked.remove(key);
        setProblem(null);
      },
      full: picked.room <= 0,
      onFull: () => setProblem(fullText),
    },
  };
}

export type PhotoChoice = ReturnType<typeof usePhotoChoice>;
