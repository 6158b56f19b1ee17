import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '../api/session-query';

/** The signed-in operator's name, or undefined: writes show only for an operator. */
export function useOperator(): string | undefined {
  const session = useQuery(sessionQueryOptions());
  return session.data?.operator?.username;
}

/**
 * Whether the signed-in operator is an admin: channels, operators and the audit are theirs.
 * With `ask` false it only reads what another part of the page has asked already (the map's
 * first screen asks nothing more for it).
 */
export function useIsAdmin(ask = true): boolean {
  const session = useQuery({ ...sessionQueryOptions(), enabled: ask });
  return session.data?.operator?.role === 'admin';
}
