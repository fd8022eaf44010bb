import { useEffect, useRef, useState } from 'react';
import { checkPhoto } from './photo-check';

/**
 * A chosen photo: its file, a preview (an object URL, only for a file that passed the check) and
 * what is wrong with it: the browser's check as it was chosen, or the server's refusal.
 */
export type PickedPhoto = { key: string; file: File; url: string | null; problem: string | null };

let nextKey = 0;

/**
 * The photos chosen in a PhotoPicker: each checked by its bytes as it is chosen (a refused one
 * stays, with its message, until removed), at most `max`; previews released when removed or
 * when the screen goes.
 */
export function usePickedPhotos(max: number) {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  // The list as it is now, also between a change and the next render (a remove then an add).
  const current = useRef(photos);
  const update = (change: (list: PickedPhoto[]) => PickedPhoto[]) => {
    current.current = change(current.current);
    setPhotos(current.current);
  };
  useEffect(() => () => current.current.forEach((p) => p.url && URL.revokeObjectURL(p.url)), []);

  return {
    photos,
    /** The photos that passed the browser's check (what may be sent; the server may still refuse one). */
    accepted: photos.filter((p) => p.url !== null),
    /** Photos the browser's check refused (never sent). */
    refused: photos.filter((p) => p.url === null),
    /** Room for more photos. */
    room: max - photos.length,
    /**
     * Checks and adds `files` (as many as there is room for); returns the ones added, and
     * whether files were left out for lack of room.
     */
    async add(files: File[]): Promise<{ added: PickedPhoto[]; overflow: boolean }> {
      const room = Math.max(0, max - current.current.length);
      const taken = files.slice(0, room);
      const added = await Promise.all(
        taken.map(async (file): Promise<PickedPhoto> => {
          const problem = await checkPhoto(file);
          return { key: `photo-${nextKey++}`, file, problem, url: problem ? null : URL.createObjectURL(file) };
        }),
      );
      if (added.length) update((list) => [...list, ...added]);
      return { added, overflow: files.length > taken.length };
    },
    remove(key: string) {
      const photo = current.current.find((p) => p.key === key);
      if (photo?.url) URL.revokeObjectURL(photo.url);
      update((list) => list.filter((p) => p.key !== key));
    },
    /** Puts (or clears) a message under one photo, e.g. the server's refusal. */
    setProblem(key: string, problem: string | null) {
      update((list) => list.map((p) => (p.key === key ? { ...p, problem } : p)));
    },
  };
}

export type PickedPhotos = ReturnType<typeof usePickedPhotos>;
