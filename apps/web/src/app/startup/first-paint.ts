import { useLayoutEffect } from 'react';
import { FIRST_PAINT_ID } from '@keurwijzer/shared/startup';

/**
 * Removes the server's first paint (apps/server/src/plugins/first-paint.ts) once the app draws a
 * screen of its own: in a layout effect of the layouts (and the error screen), so no frame shows
 * both and none shows neither. While the router still loads, its fallback stays under the first
 * paint.
 */
export function useFirstPaintHandOff() {
  useLayoutEffect(() => {
    document.getElementById(FIRST_PAINT_ID)?.remove();
  }, []);
}
