import type { ClientConfig } from '../../../../shared/api/client-config';

/**
 * Which basemap the server asks for: an online style (MAP_STYLE_URL), a self-hosted PMTiles
 * archive with the Protomaps style (BASEMAP_PMTILES), or, by default, the built-in offline one.
 */
export type BasemapKind =
  | { kind: 'online'; styleUrl: string }
  | { kind: 'pmtiles'; archiveUrl: string }
  | { kind: 'offline' };

export function basemapKind(
  config: Pick<ClientConfig, 'mapStyleUrl' | 'basemapPmtilesUrl'>,
  pageUrl: string,
): BasemapKind {
  if (config.mapStyleUrl) return { kind: 'online', styleUrl: config.mapStyleUrl };
  // The protocol fetches the archive by its full URL.
  if (config.basemapPmtilesUrl)
    return { kind: 'pmtiles', archiveUrl: new URL(config.basemapPmtilesUrl, pageUrl).href };
  return { kind: 'offline' };
}
