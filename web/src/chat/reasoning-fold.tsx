import { FoldButton, useFold } from './fold.js';

/** The model's reasoning, folded like the web activity: `▸ thinking (1441 chars, 38 lines)`. */
export function ReasoningFold({ reasoning }: { reasoning: string }) {
  const fold = useFold();
  if (reasoning.trim() === '') return null;
  const lines = reasoning.trim().split('\n').length;
  return (
    <div className="reasoning">
      <FoldButton fold={fold}>
        thinking ({reasoning.length.toLocaleString('en')} chars, {lines} line
        {lines === 1 ? '' : 's'})
      </FoldButton>
      {fold.open ? (
        <pre id={fold.panel} className="fold-body reasoning-text">
          {reasoning}
        </pre>
      ) : null}
    </div>
  );
}
