import { useMutation } from '@tanstack/react-query';
import qrcode from 'qrcode-generator';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { type ShareResponse, shareResponseSchema } from '../../../../shared/api/public-status';
import { sendJson } from '../../../lib/api-client';
import { unitLabels } from '../../../../shared/weather/units';
import { unitsKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import './share-panel.css';

const sharePath = (siteId: string) => `sites/${encodeURIComponent(siteId)}/share` as const;

/**
 * "Share" on a site's page, for operators: the site's public status link (made the first time,
 * the same one after), to copy, as a QR code for a notice board, as an embed snippet for another
 * site's page, and revoked at once. Loaded with the site page only when an operator opens it.
 */
export default function SharePanel({ siteId, siteName }: { siteId: string; siteName: string }) {
  const [link, setLink] = useState<{ share: ShareResponse; made: boolean }>();
  const [copied, setCopied] = useState(false);
  const share = useMutation({
    mutationFn: async () => {
      const answer = await sendJson('POST', sharePath(siteId), undefined, shareResponseSchema);
      if (!answer) throw new Error('The server did not return the link');
      return answer;
    },
    onSuccess: (answer) => setLink({ share: answer, made: true }),
  });
  const revoke = useMutation({
    mutationFn: () => sendJson('DELETE', sharePath(siteId), undefined, z.unknown()),
    onSuccess: () => {
      setLink(undefined);
      setCopied(false);
    },
  });
  // The page reads in the sharer's units (its times are the site's own clock already).
  const units = useUrlValue(unitsKey);
  const url =
    link &&
    new URL(`${link.share.url}${units === 'M' ? '' : `?units=${units}`}`, location.origin).href;
  const snippet =
    url &&
    `<iframe src="${url}${units === 'M' ? '?' : '&'}embed=1" title="${siteName.replace(/"/g, '&quot;')} status" width="360" height="260" style="border:0"></iframe>`;

  return (
    <section aria-labelledby="site-share" className="share-panel" data-testid="share-panel">
      <h3 id="site-share" className="section-heading">
        Share
      </h3>
      <p className="share-panel__hint">
        A public page with this site&rsquo;s level, its reasons and the all-clear countdown, for
        parents, spectators and crews: no policy, channels, operators or map. Anyone with the link
        can open it until it is revoked.
      </p>
      {!url ? (
        <button type="button" onClick={() => share.mutate()} disabled={share.isPending}>
          Show the public link
        </button>
      ) : (
        <div className="share-panel__link">
          <label>
            Public link
            <input
              readOnly
              value={url}
              data-testid="share-url"
              onFocus={(e) => e.target.select()}
            />
          </label>
          <button
            type="button"
            onClick={() =>
              void navigator.clipboard?.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy link'}
          </button>
          <p className="share-panel__hint" data-testid="share-units">
            The page gives its figures in {unitLabels[units].speed}, {unitLabels[units].visibility}{' '}
            and {unitLabels[units].temperature} (your Units setting) and its times on the
            site&rsquo;s clock.
          </p>
          <QrCode text={url} label={`QR code for the public status of ${siteName}`} />
          <label>
            Embed on a web page (allowed origins: EMBED_ORIGINS)
            <textarea readOnly rows={3} value={snippet} data-testid="share-embed" />
          </label>
          <button
            type="button"
            className="button--danger"
            onClick={() => revoke.mutate()}
            disabled={revoke.isPending}
          >
            Revoke the link
          </button>
        </div>
      )}
      {(share.isError || revoke.isError) && (
        <p className="share-panel__error" role="alert">
          {(share.error ?? revoke.error)?.message}
        </p>
      )}
      {revoke.isSuccess && !url && (
        <p role="status">The link is revoked: it no longer opens anything.</p>
      )}
    </section>
  );
}

/** A QR code as SVG: one path of its dark modules, crisp at any print size. */
function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(text);
    code.make();
    const count = code.getModuleCount();
    let d = '';
    for (let row = 0; row < count; row++)
      for (let col = 0; col < count; col++)
        if (code.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    // Four modules of quiet zone on every side, as the standard asks.
    return { size: count + 8, path: d };
  }, [text]);
  return (
    <svg
      className="share-panel__qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      data-testid="share-qr"
    >
      {/* Black on white whatever the theme: what every scanner reads, and what prints. */}
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
