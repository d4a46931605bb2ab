import type { WebActivity } from '../api/types.js';
import { Link } from '../shell/route.js';

/** The turn found no model server: what was tried, and where to set one. */
export function NoModelServer({ message, admin }: { message: string; admin: boolean }) {
  return (
    <div className="notice warning" role="alert">
      <strong>No model server to answer.</strong>
      <p>{message}</p>
      <p>
        {admin ? (
          <>
            Set its address and model in <Link href="/settings#model-server">Settings</Link>, or
            start lookout with <code>LOOKOUT_UPSTREAM</code> (for example{' '}
            <code>http://127.0.0.1:8080/v1</code>).
          </>
        ) : (
          'Ask whoever runs this lookout to set a model server.'
        )}
      </p>
    </div>
  );
}

/** The connection dropped: nothing is lost on the server; Retry asks again. */
export function ConnectionLost({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="notice error" role="alert">
      <strong>Connection lost.</strong> {message}{' '}
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** A turn that ended on an error of the model server or of lookout. */
export function TurnFailed({ message }: { message: string }) {
  return (
    <div className="notice error" role="alert">
      <strong>The answer failed.</strong> {message}
    </div>
  );
}

/**
 * Search failures a person can act on, said once under the answer: the
 * search limit, or no provider working (with each provider's reason).
 */
export function SearchTrouble({
  activity,
  admin,
}: {
  activity: readonly WebActivity[];
  admin: boolean;
}) {
  const limited = activity.find((entry) => entry.code === 'rate_limited');
  const nothingWorks = activity.find((entry) => entry.code === 'no_provider_works');
  return (
    <>
      {limited ? (
        <div className="notice warning" role="status">
          <strong>Search limit reached.</strong> {limited.error}
        </div>
      ) : null}
      {nothingWorks ? (
        <div className="notice warning" role="status">
          <strong>No search provider works right now.</strong>
          <p className="reasons">{nothingWorks.error}</p>
          {admin ? (
            <p>
              Check each one with <Link href="/settings#providers">Test providers</Link>, or set a
              SearXNG instance.
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
