import { type KeyboardEvent, useEffect, useRef } from 'react';

/**
 * Where a person writes: Enter sends, Shift+Enter starts a new line, Escape
 * (or the Stop button) stops a running turn.
 */
export function Composer({
  draft,
  onDraft,
  onSend,
  onStop,
  running,
}: {
  draft: string;
  onDraft: (text: string) => void;
  onSend: () => void;
  onStop: () => void;
  running: boolean;
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!running) box.current?.focus();
  }, [running]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && running) {
      event.preventDefault();
      onStop();
      return;
    }
    // Enter while an input method composes a word belongs to the input method.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!running && draft.trim() !== '') onSend();
  };

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (!running && draft.trim() !== '') onSend();
      }}
    >
      <textarea
        ref={box}
        aria-label="Message"
        placeholder="Ask anything. Enter sends, Shift+Enter for a new line."
        value={draft}
        rows={Math.min(8, Math.max(2, draft.split('\n').length))}
        onChange={(event) => onDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {running ? (
        <button type="button" className="stop" onClick={onStop} title="Stop (Escape)">
          Stop
        </button>
      ) : (
        <button type="submit" className="primary" disabled={draft.trim() === ''}>
          Send
        </button>
      )}
    </form>
  );
}
