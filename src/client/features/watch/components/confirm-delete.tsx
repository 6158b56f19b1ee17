import type { ReactNode } from 'react';

/**
 * A delete in two steps: the first press asks, the second, naming what goes, deletes; "Keep it"
 * steps back. `confirming` is the caller's, which may say more while it is asked.
 */
export function ConfirmDelete({
  name,
  label,
  confirming,
  onConfirmingChange,
  pending,
  onDelete,
}: {
  /** What goes, as the second button names it: "Delete <name> for good". */
  name: string;
  /** The first button's text. */
  label: ReactNode;
  confirming: boolean;
  onConfirmingChange: (confirming: boolean) => void;
  pending: boolean;
  onDelete: () => void;
}) {
  if (!confirming)
    return (
      <button type="button" className="button--danger" onClick={() => onConfirmingChange(true)}>
        {label}
      </button>
    );
  return (
    <>
      <button type="button" className="button--danger" onClick={onDelete} disabled={pending}>
        Delete {name} for good
      </button>
      <button type="button" onClick={() => onConfirmingChange(false)}>
        Keep it
      </button>
    </>
  );
}
