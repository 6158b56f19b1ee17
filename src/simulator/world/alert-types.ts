export type AlertSeverity = 'Advisory' | 'Watch' | 'Warning';

/** A hazard the world has at a place, with its timeline in Unix seconds. */
export interface HazardEvent {
  hazard: string;
  event: string;
  severity: AlertSeverity;
  description: string;
  effective: number;
  onset: number;
  ends: number;
  expires: number;
}
