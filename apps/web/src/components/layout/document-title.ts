import { useEffect } from 'react';

export const APP_NAME = 'Keurwijzer';
const SEPARATOR = ' · ';
/** The label of a crumb whose name is still loading (usePlacementCrumbs). */
export const LOADING = '…';

/**
 * The browser title of a screen from its heading and breadcrumbs: the page, then the nearest
 * meaningful parent, then Keurwijzer. "Machines van Metaalbewerking Brabant B.V." under
 * Klanten > Metaalbewerking Brabant B.V. > Machines gives
 * "Machines · Metaalbewerking Brabant B.V. · Keurwijzer"; "Nieuw merk" under Merken gives
 * "Nieuw merk · Merken · Keurwijzer". A crumb the heading already names is skipped
 * ("Bosch bewerken" under Merken > Bosch: "Bosch bewerken · Merken · Keurwijzer").
 */
export function documentTitle(title: string, crumbLabels: string[] = []): string {
  const nearestFirst = [...crumbLabels].reverse();
  // "X van <crumb>": the page is X, the crumb its parent.
  const owner = nearestFirst.find((label) => label && title.endsWith(` van ${label}`));
  if (owner !== undefined) {
    return join(title.slice(0, -` van ${owner}`.length), owner === LOADING ? undefined : owner);
  }
  const parent = nearestFirst.find((label) => label && label !== LOADING && !title.includes(label));
  return join(title, parent);
}

const join = (...parts: (string | undefined)[]) => [...parts.filter(Boolean), APP_NAME].join(SEPARATOR);

/**
 * Sets the browser title while the screen shows. PageHeader calls it for every screen with a
 * header; screens without one (login, activate, page not found) call it themselves.
 */
export function useDocumentTitle(title: string, crumbLabels?: string[]) {
  const text = documentTitle(title, crumbLabels);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
