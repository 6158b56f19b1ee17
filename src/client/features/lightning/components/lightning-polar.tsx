import { useMemo } from 'react';
import { compassPoints } from '../../../../shared/geo/compass';
import { distanceText, distanceUnit } from '../../../../shared/weather/units';
import { unitsKey } from '../../../lib/url-state/display-keys';
import { useLinkView, useUrlValue } from '../../../lib/url-state/link';
import { searchView } from '../url-state';
import { useServerNow } from '../../../lib/server-clock';
import { useLightningData } from '../hooks/use-lightning-data';
import { fiveMinuteCounts, ringSteps, sectorCounts } from '../lib/geometry';
import { nearestText, strikeSpan, strikeSummary } from '../lib/strike-load';
import { strikeTime } from '../lib/strike-features';
import { strikesUpTo, timeOfDayColour, strikeMinute } from '../lib/time-of-day';
import { ageStops } from '../lib/strike-style';
import './lightning-polar.css';

const size = 260;
const centre = size / 2;
const radius = size / 2 - 22;

function ageColour(minutes: number): string {
  let colour: string = ageStops[0].colour;
  for (const stop of ageStops) if (minutes >= stop.minutes) colour = stop.colour;
  return colour;
}

/**
 * Strikes around the point as a compass sees them: north up, placed by bearing and distance,
 * with counts per 16 sectors, the nearest strike, and strikes per 5 minutes. The same numbers
 * are in a table for screen readers and for anyone who prefers one. A day of history shows the
 * strikes up to the slider's time, coloured by their hour, and no 5-minute bars.
 */
export function LightningPolar({ lat, lon }: { lat: number; lon: number }) {
  const units = useUrlValue(unitsKey);
  const search = useLinkView(searchView);
  const now = useServerNow(10_000);
  const { mode, day, collection, load } = useLightningData({ lat, lon });
  const searchKm = collection?.search_distance_km ?? search.searchKm;
  const searchMinutes = collection?.search_mins ?? search.searchMinutes;
  // Live colours age with the clock; a day's colours are its hours and need no clock.
  const ageNow = mode === 'live' ? now : 0;
  const strikes = useMemo(() => {
    const features = collection?.features ?? [];
    return (day ? strikesUpTo(features, day) : features).map((feature) => {
      const time = strikeTime(feature.properties.timestamp_utc);
      return {
        bearing: feature.properties.bearing_degrees,
        cardinal: feature.properties.bearing_cardinal,
        distance: feature.properties.distance_km,
        time,
        colour: day
          ? timeOfDayColour(strikeMinute(feature.properties, day))
          : ageColour((ageNow - time) / 60_000),
      };
    });
  }, [collection, day, ageNow]);
  const sectors = sectorCounts(strikes.map((strike) => strike.bearing));
  const perFive = fiveMinuteCounts(
    strikes.map((strike) => strike.time),
    now,
    searchMinutes,
  );
  const nearest = strikes.reduce<(typeof strikes)[number] | undefined>(
    (best, s) => (!best || s.distance < best.distance ? s : best),
    undefined,
  );
  const rings = ringSteps(searchKm, distanceUnit(units));
  const reach = distanceText(units, searchKm, { trim: true });
  const maxSector = Math.max(1, ...sectors);
  const maxFive = Math.max(1, ...perFive);
  const scope = { day, searchKm, units, span: strikeSpan(day, searchMinutes) };
  const summary = strikeSummary(load, scope, { count: strikes.length, nearest });
  const nearestLine = nearestText(load, scope, nearest);

  return (
    <section className="polar" aria-labelledby="polar-heading">
      <h2 id="polar-heading" className="section-heading">
        Bearing and distance
      </h2>
      <svg
        className="polar__plot"
        viewBox={`0 0 ${size} ${size}`}
        width={size}
        height={size}
        role="img"
        aria-label={summary}
        data-testid="polar-plot"
      >
        {sectors.map((count, index) => {
          // A wedge per sector, darker with more strikes.
          const from = ((index * 22.5 - 11.25 - 90) * Math.PI) / 180;
          const to = ((index * 22.5 + 11.25 - 90) * Math.PI) / 180;
          const path = `M${centre},${centre} L${centre + radius * Math.cos(from)},${centre + radius * Math.sin(from)} A${radius},${radius} 0 0 1 ${centre + radius * Math.cos(to)},${centre + radius * Math.sin(to)} Z`;
          return count > 0 ? (
            <path key={index} d={path} fill="#ffe14d" opacity={0.06 + 0.3 * (count / maxSector)} />
          ) : null;
        })}
        {rings.map((ring) => (
          <g key={ring.km}>
            <circle
              cx={centre}
              cy={centre}
              r={(radius * ring.km) / searchKm}
              fill="none"
              stroke="#4d6b7a"
              strokeDasharray="3 3"
            />
            <text
              x={centre + 3}
              y={centre - (radius * ring.km) / searchKm - 2}
              className="polar__ring-label"
            >
              {ring.label}
            </text>
          </g>
        ))}
        <line x1={centre} y1={centre - radius} x2={centre} y2={centre + radius} stroke="#4d6b7a" />
        <line x1={centre - radius} y1={centre} x2={centre + radius} y2={centre} stroke="#4d6b7a" />
        {(['N', 'E', 'S', 'W'] as const).map((point, index) => {
          const angle = ((index * 90 - 90) * Math.PI) / 180;
          return (
            <text
              key={point}
              x={centre + (radius + 12) * Math.cos(angle)}
              y={centre + (radius + 12) * Math.sin(angle) + 4}
              textAnchor="middle"
              className="polar__compass"
            >
              {point}
            </text>
          );
        })}
        {strikes.map((strike, index) => {
          const angle = ((strike.bearing - 90) * Math.PI) / 180;
          const r = (radius * Math.min(strike.distance, searchKm)) / searchKm;
          return (
            <circle
              key={index}
              cx={centre + r * Math.cos(angle)}
              cy={centre + r * Math.sin(angle)}
              r={2.2}
              fill={strike.colour}
            />
          );
        })}
        <circle cx={centre} cy={centre} r={3} fill="#f6c343" />
        {strikes.length === 0 && (
          <text x={centre} y={centre + 24} textAnchor="middle" className="polar__empty">
            {load.kind === 'loaded'
              ? `No lightning within ${reach} ${scope.span}`
              : load.kind === 'loading'
                ? 'Loading…'
                : 'Not loaded yet'}
          </text>
        )}
      </svg>
      <p className="polar__nearest" data-testid="nearest-strike">
        {nearestLine}
      </p>
      {mode === 'live' && (
        <svg
          className="polar__bars"
          viewBox={`0 0 ${perFive.length * 24} 52`}
          role="img"
          aria-label={`Strikes per 5 minutes, oldest first: ${perFive.join(', ')}`}
        >
          {perFive.map((count, index) => (
            <g key={index}>
              <rect
                x={index * 24 + 3}
                y={40 - (36 * count) / maxFive}
                width={18}
                height={(36 * count) / maxFive}
                fill="#ff8c1a"
              />
              <text x={index * 24 + 12} y={50} textAnchor="middle" className="polar__bar-label">
                {count}
              </text>
            </g>
          ))}
        </svg>
      )}
      <details className="polar__table">
        <summary>Table of strikes by direction and by 5 minutes</summary>
        <table>
          <caption>Strikes per compass sector</caption>
          <thead>
            <tr>
              <th scope="col">Direction</th>
              <th scope="col">Strikes</th>
            </tr>
          </thead>
          <tbody>
            {compassPoints.map((point, index) => (
              <tr key={point}>
                <th scope="row">{point}</th>
                <td>{sectors[index]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {mode === 'live' && (
          <table>
            <caption>Strikes per 5 minutes</caption>
            <thead>
              <tr>
                <th scope="col">Minutes ago</th>
                <th scope="col">Strikes</th>
              </tr>
            </thead>
            <tbody>
              {perFive.map((count, index) => {
                const endsAgo = (perFive.length - 1 - index) * 5;
                return (
                  <tr key={index}>
                    <th scope="row">
                      {endsAgo + 5}–{endsAgo}
                    </th>
                    <td>{count}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </details>
    </section>
  );
}
