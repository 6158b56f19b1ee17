import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '../api/session-query';

/** The signed-in operator's name, or undefined: writes show only for an operator. */
export function useOperator(): string | undefined {
  const session = useQuery(sessionQueryOptions());
  return session.data?.operator?.username;
}
