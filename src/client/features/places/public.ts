// What other features may use of places: a point's name as the panels title it.
export { type PointName, usePointName } from './hooks/use-point-name';
export { pointNameQueryOptions } from './api/point-name-query';
