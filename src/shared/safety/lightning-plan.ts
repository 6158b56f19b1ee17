import { providerRanges } from '../api/provider-params';
import { distanceKm } from '../geo/great-circle';
import { roundCoordinate } from '../geo/coordinates';
import { lightningSearchReach } from './lightning-rule';
import { outerRingKm, type SitePolicy } from './site-policy';

export interface PlannedSite {
  id: string;
  lat: number;
  lon: number;
  policy: SitePolicy;
}

/** One current-lightning search that serves every site in it. */
export interface LightningSearch {
  lat: number;
  lon: number;
  /** Whole km, enough to hold each member's outermost ring. */
  radiusKm: number;
  siteIds: string[];
}

/**
 * Sites whose rings all fit inside one search of the provider's reach (75 km) share it: a
 * cluster of sites costs one unit a minute, not one each. Greedy, in a fixed order so the plan
 * (and the cache keys it asks with) stays the same from minute to minute: each site joins the
 * first search whose centre, moved to the members' middle, still holds every member's rings.
 */
export function planLightningSearches(sites: readonly PlannedSite[]): LightningSearch[] {
  const ordered = [...sites].sort(
    (a, b) => a.lat - b.lat || a.lon - b.lon || (a.id < b.id ? -1 : 1),
  );
  const groups: PlannedSite[][] = [];
  for (const site of ordered) {
    const home = groups.find((members) => fits([...members, site]) !== undefined);
    if (home) home.push(site);
    else groups.push([site]);
  }
  return groups.map((members) => {
    const search = fits(members) as LightningSearch;
    return search;
  });
}

/** How far back the watch's searches look: the provider's whole reach. */
export const watchLookbackMinutes = lightningSearchReach.minutes;

/**
 * The current-lightning query the watch asks for one search: nearest first, as many strikes as
 * the provider gives. A site's page asks the very same, so the BFF's cache answers it with the
 * answer the watch judged, at no extra cost.
 */
export function watchLightningQuery(search: LightningSearch) {
  return {
    lat: search.lat,
    lon: search.lon,
    search_distance_km: search.radiusKm,
    search_mins: watchLookbackMinutes,
    limit: providerRanges.limit.max,
    sort: 'distance' as const,
  };
}

/** The search of the watch's plan for `sites` that serves the site `id`, if it is one of them. */
export function searchOfSite(
  sites: readonly PlannedSite[],
  id: string,
): LightningSearch | undefined {
  return planLightningSearches(sites).find((search) => search.siteIds.includes(id));
}

/** The search that holds all `members`, if one of the provider's reach can. */
function fits(members: readonly PlannedSite[]): LightningSearch | undefined {
  const centre = middle(members);
  // The centre is rounded as the cache rounds coordinates, so the radius is measured from the
  // point the provider will actually be asked about.
  const lat = Number(roundCoordinate(centre.lat));
  const lon = Number(roundCoordinate(centre.lon));
  let needed = 0;
  for (const member of members)
    needed = Math.max(
      needed,
      distanceKm(lat, lon, member.lat, member.lon) + outerRingKm(member.policy),
    );
  const radiusKm = Math.ceil(needed);
  if (radiusKm > lightningSearchReach.km) return undefined;
  return { lat, lon, radiusKm: Math.max(1, radiusKm), siteIds: members.map((member) => member.id) };
}

/** The members' middle; longitudes are averaged relative to the first so the date line is no edge. */
function middle(members: readonly PlannedSite[]): { lat: number; lon: number } {
  const first = members[0] as PlannedSite;
  let lat = 0;
  let lonOffset = 0;
  for (const member of members) {
    lat += member.lat;
    lonOffset += ((member.lon - first.lon + 540) % 360) - 180;
  }
  const lon = first.lon + lonOffset / members.length;
  return { lat: lat / members.length, lon: ((lon + 540) % 360) - 180 };
}
