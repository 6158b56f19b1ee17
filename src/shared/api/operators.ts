/**
 * Operators, their roles, and the audit record: the HTTP contract the BFF answers and the client
 * reads. Field names are the interface.
 */

/** `operator`: sites, policies, acknowledgements, drills; `admin`: also channels and operators. */
export const operatorRoles = ['operator', 'admin'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export interface OperatorJson {
  username: string;
  role: OperatorRole;
  disabled: boolean;
  created_at: string;
}

export interface OperatorsResponse {
  operators: OperatorJson[];
}

/** One change, sign-in or failed sign-in, as `GET /api/audit` lists it. */
export interface AuditEntryJson {
  id: number;
  at: string;
  /** Null when nobody was signed in (a failed sign-in names the attempted account in `target`). */
  operator: string | null;
  address: string;
  action: string;
  target: string;
  /** What changed; never a password or a secret. */
  detail: Record<string, unknown>;
}

export interface AuditResponse {
  entries: AuditEntryJson[];
  /** Ask with `before` set to this for the next (older) page; null on the last. */
  next_before: number | null;
}

/** The rule that keeps Skydeck manageable, which a 409 names. */
export const lastAdminRule = 'at least one enabled admin must remain';
