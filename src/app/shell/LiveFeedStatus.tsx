import { useSyncExternalStore } from 'react';
import { liveFeedStale, onLiveFeedStale } from '../api/events.ts';

const STALE_LEAD = 'Нет связи с сервером:';
const STALE_REST = 'данные могут быть устаревшими';
/** What the frame says while the live feed of the screen has been down for a few seconds. */
export const STALE_TEXT = `${STALE_LEAD} ${STALE_REST}`;

/**
 * The frame's line about the live feed: nothing while it is up (or the screen has none), the stale-data warning
 * (a status) while it has been down for more than a few seconds. The polite live region around it stays in place so
 * that the warning is announced as it appears, and takes no room while empty; only while shown is there a status
 * in the frame (screens have their own). Nothing is blocked: the screen keeps working on what it has.
 */
export function LiveFeedStatus() {
  const stale = useSyncExternalStore(onLiveFeedStale, liveFeedStale);
  return (
    <div aria-live="polite" className="shell-feed">
      {stale ? (
        <p
          role="status"
          className="shell-feed__text"
          title={`${STALE_TEXT}. Переподключение идёт само; после него экран обновится.`}
        >
          <strong>{STALE_LEAD}</strong> <span>{STALE_REST}</span>
        </p>
      ) : null}
    </div>
  );
}
