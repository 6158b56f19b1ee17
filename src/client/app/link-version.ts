/**
 * Links are versioned (`v=2`) so that renaming a key never breaks a link someone shared: a
 * link of an older version is upgraded, one step at a time, before it is read. Links without
 * `v` are version 1, the format before versions were written.
 */
export const linkVersion = 2;

const upgrades: Record<number, (params: URLSearchParams) => void> = {
  // Version 1 called the local/UTC switch `time`; version 2 shares the interface's own name for
  // it, `tz`, with the history explorer, which asks the provider in the basis it shows.
  1: (params) => rename(params, 'time', 'tz'),
};

export function upgradeLink(search: string): URLSearchParams {
  const params = new URLSearchParams(search);
  const stated = Number(params.get('v') ?? 1);
  // A version from the future, or nonsense, is read as the current one: best effort.
  let version =
    Number.isInteger(stated) && stated >= 1 && stated <= linkVersion ? stated : linkVersion;
  while (version < linkVersion) {
    upgrades[version]?.(params);
    version += 1;
  }
  params.delete('v');
  return params;
}

function rename(params: URLSearchParams, from: string, to: string): void {
  const value = params.get(from);
  params.delete(from);
  if (value !== null && !params.has(to)) params.set(to, value);
}
