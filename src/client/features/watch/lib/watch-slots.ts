import { type ComponentType, createContext } from 'react';

/**
 * What the watch shows of the alarms without importing them: the app plugs the alarms' parts in,
 * so imports flow one way (alarms → watch). Absent, the watch simply shows nothing there.
 */
export interface WatchSlots {
  /** On the board, for everyone: the alarm channels whose deliveries fail. */
  BoardNotice?: ComponentType;
  /** Under an event's row: every attempt to deliver it, times read in its site's zone. */
  EventDeliveries?: ComponentType<{ eventId: number; timeZone?: string | null | undefined }>;
  /** On a site's page, for operators: run a drill of the site's alarms. */
  SiteDrill?: ComponentType<{ siteId: string; siteName: string; timeZone: string | null }>;
  /** On a site's page, for operators: "Notify this device" of the site (Web Push). */
  SiteNotify?: ComponentType<{ siteId: string; siteName: string }>;
}

export const WatchSlotsContext = createContext<WatchSlots>({});
