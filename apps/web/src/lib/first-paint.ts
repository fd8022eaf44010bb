import { useLayoutEffect } from 'react';

/** The id of the static first paint the server may write into the page (apps/server/src/plugins/first-paint.ts). */
export const FIRST_PAINT_ID = 'first-paint';

/**
 * Removes the server's first paint once the app draws a screen of its own: in a layout effect of
 * the layouts (and the error screen), so no frame shows both and none shows neither. While the
 * router still loads, its fallback stays under the first paint.
 */
export function useFirstPaintHandOff() {
  useLayoutEffect(() => {
    document.getElementById(FIRST_PAINT_ID)?.remove();
  }, []);
}
