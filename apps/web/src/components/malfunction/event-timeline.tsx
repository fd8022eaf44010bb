import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { OwnMalfunctionEvent } from '@keurwijzer/shared/malfunctions';
import { PhotoGallery } from '../photo/photo-gallery';
import { Timeline, type TimelineEntry } from '../display/timeline';

/** What every malfunction event has, the office's and the customer's alike. */
type EventBase = Pick<OwnMalfunctionEvent, 'id' | 'kind' | 'at' | 'by_name' | 'photos'>;

/**
 * A malfunction's events as a timeline, oldest first; the office and the customer each say in
 * their own words what happened (`title`) and which texts go under a line (`texts`). A status
 * change stands out, a comment's photos follow its texts.
 */
export function MalfunctionEventTimeline<E extends EventBase>({
  events,
  title,
  texts,
  commentDot = 'text.disabled',
  photosMaxWidth,
}: {
  events: E[];
  title: (e: E) => string;
  texts: (e: E) => ReactNode;
  /** The customer's own words stand out on the customer's timeline. */
  commentDot?: TimelineEntry['dot'];
  photosMaxWidth?: number;
}) {
  return (
    <Timeline
      entries={events.map((e) => ({
        id: e.id,
        title: title(e),
        at: e.at,
        by: e.by_name,
        dot: e.kind === 'status' ? 'secondary.main' : e.kind === 'comment' ? commentDot : 'text.disabled',
        details: (
          <>
            {texts(e)}
            {e.photos.length > 0 && (
              <Box sx={{ mt: 1, maxWidth: photosMaxWidth }}>
                <PhotoGallery images={e.photos} kind="Foto bij reactie" thumbWidth={96} />
              </Box>
            )}
          </>
        ),
      }))}
    />
  );
}
