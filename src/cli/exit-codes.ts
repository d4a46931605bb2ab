/** What `lookout` exits with; scripts rely on these, so they never change meaning. */
export const EXIT = {
  /** The search found sources (or an answer); the command did what was asked. */
  ok: 0,
  /** The search worked and found nothing. */
  noResults: 1,
  /** Bad arguments or a bad setting: nothing was searched. */
  usage: 2,
  /** No search provider works (each one's reason is printed). */
  noProvider: 3,
  /** The guard refused the address (not public, bad URL or port): nothing was sent. */
  refused: 4,
  /** The page could not be read (network, status, type, bot check…). */
  fetchFailed: 5,
  /** A chat turn ended on an error (model server unreachable or failing), or no model server was found. */
  chatFailed: 6,
  /** A bug in lookout. */
  internal: 70,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An argument the user can fix; its message is printed with the command's usage hint. */
export class UsageError extends Error {
  override name = 'UsageError';
}
