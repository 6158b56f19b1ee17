import { z } from 'zod';

/** What the BFF tells the SPA at start-up: where its data comes from and which basemap to use. */
export const clientConfigSchema = z.object({
  mode: z.enum(['demo', 'live']),
  /** An online MapLibre style to use instead of the built-in offline basemap. */
  mapStyleUrl: z.string().nullable(),
  /** A self-hosted PMTiles archive (same origin) drawn with the Protomaps style; null if none. */
  basemapPmtilesUrl: z.string().nullable(),
  /** The provider plan when Skydeck knows it (the demo's DEMO_PLAN); null when it does not. */
  plan: z.enum(['free', 'standard', 'plus', 'business', 'enterprise']).nullable(),
});
export type ClientConfig = z.output<typeof clientConfigSchema>;
