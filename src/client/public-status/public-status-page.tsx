import { useEffect, useState } from 'react';
import { levelLabels } from '../../shared/safety/level-labels';
import { levelMeanings, publicLevelOrder } from './level-meanings';
import { NotifyMe } from './notify-me';
import { followLink, type LinkState, tokenOf } from './live-status';
import { linkUnits, publicView } from './public-view';

/** Redrawn each second for the countdown and the data's age. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * A shared site's status for anyone with the link: phone first, the level big in its colour and
 * words, or (`?embed=1`) a compact card for another site's page.
 */
export function PublicStatusPage() {
  const embed = new URLSearchParams(location.search).get('embed') === '1';
  const [state, setState] = useState<LinkState>({ kind: 'loading' });
  const now = useNow();
  const token = tokenOf(location.pathname);
  useEffect(() => followLink(token, setState), [token]);

  if (state.kind !== 'status') {
    const text =
      state.kind === 'gone'
        ? 'This status link is not shared (any more). Ask the site for a new one.'
        : 'Checking the status…';
    return (
      <main className={`public${embed ? ' public--embed' : ''}`}>
        <p className="public__message" data-testid="public-message">
          {text}
        </p>
      </main>
    );
  }
  const view = publicView(state.answer, now + state.offsetMs, linkUnits(location.search));
  const name = state.answer.site.name;
  const level = (
    <section
      className={`public__level level--${view.level}`}
      data-testid="public-level"
      data-level={view.level}
      aria-live="polite"
    >
      <p className="public__heading" data-testid="public-heading">
        {view.heading}
      </p>
      <p className="public__meaning">{view.meaning}</p>
      {view.countdown && (
        <p className="public__countdown" data-testid="public-countdown">
          {view.countdown}
        </p>
      )}
    </section>
  );
  const facts = (
    <p className="public__facts" data-testid="public-checked">
      {view.checked} · {view.dataAge}
    </p>
  );

  if (embed)
    return (
      <main className="public public--embed">
        <h1 className="public__name">
          <a href={location.pathname} target="_blank" rel="noopener">
            {name}
          </a>
        </h1>
        {level}
        {view.reasons[0] && <p className="public__reason">{view.reasons[0]}</p>}
        {facts}
      </main>
    );
  return (
    <main className="public">
      <h1 className="public__name">{name}</h1>
      {level}
      {view.reasons.length > 0 && (
        <ul className="public__reasons" data-testid="public-reasons">
          {view.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {facts}
      <NotifyMe token={token} />
      <section className="public__legend" aria-labelledby="legend-title">
        <h2 id="legend-title">What the levels mean</h2>
        <dl>
          {publicLevelOrder.map((entry) => (
            <div key={entry} className={`public__legend-row level--${entry}`}>
              <dt>{entry === 'no_data' ? 'NO CURRENT DATA' : levelLabels[entry]}</dt>
              <dd>{levelMeanings[entry]}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="public__footer">Status from Skydeck’s watch. Updates by itself.</p>
    </main>
  );
}
