/** Operators and their roles (the answers about them are in operator-answers.ts). */

/** `operator`: sites, policies, acknowledgements, drills; `admin`: also channels and operators. */
export const operatorRoles = ['operator', 'admin'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** The rule that keeps Skydeck manageable, which a 409 names. */
export const lastAdminRule = 'at least one enabled admin must remain';
