import { z } from 'zod';
import { operatorRoles } from './operators';

/**
 * The answers of `/api/operators` and `/api/audit` (the session's is the watch's), written once: the BFF's
 * builders are held to these types, the client parses with these schemas, and the OpenAPI
 * document gives them in full. Field names are the interface.
 */

const operatorSchema = z
  .object({
    username: z.string(),
    role: z.enum(operatorRoles),
    disabled: z.boolean(),
    created_at: z.string(),
  })
  .meta({ description: 'An operator account' });
export type OperatorJson = z.output<typeof operatorSchema>;

/** `GET /api/operators`. */
export const operatorsResponseSchema = z.object({ operators: z.array(operatorSchema) });
export type OperatorsResponse = z.output<typeof operatorsResponseSchema>;

/** `POST /api/operators` (201) and `PATCH /api/operators/:username`. */
export const savedOperatorSchema = z.object({ operator: operatorSchema });

/** One change, sign-in or failed sign-in, as `GET /api/audit` lists it. */
const auditEntrySchema = z
  .object({
    id: z.number(),
    at: z.string(),
    operator: z.string().nullable().meta({
      description:
        'Null when nobody was signed in (a failed sign-in names the attempted account in `target`)',
    }),
    address: z.string(),
    action: z.string(),
    target: z.string(),
    detail: z
      .record(z.string(), z.unknown())
      .meta({ description: 'What changed; never a password or a secret' }),
  })
  .meta({ description: 'One change, sign-in or failed sign-in' });
export type AuditEntryJson = z.output<typeof auditEntrySchema>;

/** `GET /api/audit`. */
export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  next_before: z.number().nullable().meta({
    description: 'Ask again with `before` set to this for the next (older) page; null on the last',
  }),
});
export type AuditResponse = z.output<typeof auditResponseSchema>;
