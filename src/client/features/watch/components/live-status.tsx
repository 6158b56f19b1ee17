import { useWatchStream } from '../hooks/use-watch-stream';
import { StreamIndicator } from './stream-indicator';

/**
 * The live stream, open while a view of the watch is, and how it is doing. Loaded with those
 * views, so the map dashboard does not carry the watch's code.
 */
export default function LiveStatus() {
  useWatchStream(true);
  return <StreamIndicator />;
}
