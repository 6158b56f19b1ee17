import { wallKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { useAlarms } from '../hooks/use-alarms';
import { useAlarmRepeating, useSilenceAlarm } from '../stores/alarm-state';
import { alarmKey } from '../../watch/public';
import './alarm-control.css';

/**
 * The page's alarms, on every view: loaded after the first screen has painted, so the map never
 * waits for them. Shows nothing but a way to silence a stop that keeps sounding.
 */
export default function AlarmRunner() {
  const wall = useUrlValue(wallKey);
  const alarm = useUrlValue(alarmKey);
  useAlarms(wall ? { alarm } : undefined);
  const repeating = useAlarmRepeating();
  const silence = useSilenceAlarm();
  if (!repeating || wall) return null;
  return (
    <button type="button" className="alarm-silence" onClick={silence}>
      Silence alarm
    </button>
  );
}
