/**
 * The map layer the strikes are drawn in: clicks on it open a strike's details. On its own, so
 * the map can name it clickable without loading the strikes' code with the first screen.
 */
export const strikeLayerId = 'lightning-strikes';
