/** A failed action (a rename, a saved key, a move), said until dismissed. */
export function ProblemNotice({
  problem,
  onDismiss,
}: {
  problem: Error | undefined;
  onDismiss: () => void;
}) {
  if (!problem) return null;
  return (
    <p className="notice error" role="alert">
      {problem.message}{' '}
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </p>
  );
}
