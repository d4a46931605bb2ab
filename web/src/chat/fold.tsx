import { type ReactNode, useId, useState } from 'react';

/** A folded row's state: closed at first, on its own (per row, per message). */
export function useFold() {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return { open, panel, toggle: () => setOpen((was) => !was) };
}

/**
 * The control that opens a folded row, `▸ line` (`▾` when open): a button with
 * its state, never a link, so nothing a model writes can imitate it.
 */
export function FoldButton({
  fold,
  title,
  children,
}: {
  fold: ReturnType<typeof useFold>;
  title?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="fold"
      aria-expanded={fold.open}
      aria-controls={fold.panel}
      title={title}
      onClick={fold.toggle}
    >
      <span className="marker" aria-hidden="true">
        {fold.open ? '▾' : '▸'}
      </span>{' '}
      <span className="fold-line">{children}</span>
    </button>
  );
}
