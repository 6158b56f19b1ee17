import type { KeyboardEvent } from 'react';

/**
 * A disclosure's keydown handler (a menu, a pop-up form): Escape closes it and gives focus back
 * to the button that opened it, as the WAI-ARIA disclosure pattern expects.
 */
export function escapeCloses(open: boolean, close: () => void, buttonId: string) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    close();
    document.getElementById(buttonId)?.focus();
  };
}
