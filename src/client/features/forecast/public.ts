// What other features may use of the forecasts: the degree-day threshold, which moves with units.
export { thresholdIn, thresholdKey } from './url-state';
