import { useId, useState } from 'react';

/** The model's reasoning, folded like the web activity: `▸ thinking (1441 chars, 38 lines)`. */
export function ReasoningFold({ reasoning }: { reasoning: string }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  if (reasoning.trim() === '') return null;
  const lines = reasoning.trim().split('\n').length;
  return (
    <div className="reasoning">
      <button
        type="button"
        className="fold"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="marker" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>{' '}
        <span className="fold-line">
          thinking ({reasoning.length.toLocaleString('en')} chars, {lines} line
          {lines === 1 ? '' : 's'})
        </span>
      </button>
      {open ? (
        <pre id={panel} className="fold-body reasoning-text">
          {reasoning}
        </pre>
      ) : null}
    </div>
  );
}
