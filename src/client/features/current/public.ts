// What other features may use of current conditions: the query the map names its selection from.
export { currentQueryOptions } from './api/current-query';
