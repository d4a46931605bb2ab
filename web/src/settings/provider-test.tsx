import { useState } from 'react';
import { type ApiError, api } from '../api/client.js';
import type { ProviderTest as TestResult } from '../api/types.js';
import { SourceList } from '../chat/source-list.js';

/** Asks every provider (also those resting and those after the first answer) and shows what each did. */
export function ProviderTest({ onTested }: { onTested: () => void }) {
  const [query, setQuery] = useState('lookout web search');
  const [result, setResult] = useState<TestResult | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  const [running, setRunning] = useState(false);

  const test = async () => {
    setRunning(true);
    setError(undefined);
    try {
      setResult(await api<TestResult>('/api/providers/test', { method: 'POST', body: { query } }));
      // A test moves providers in and out of their cool-down.
      onTested();
    } catch (failure) {
      setError(failure as ApiError);
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="provider-test">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void test();
        }}
      >
        <input
          aria-label="Test query"
          value={query}
          maxLength={400}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="submit" className="primary" disabled={running || query.trim() === ''}>
          {running ? 'Testing…' : 'Test providers'}
        </button>
      </form>
      {error ? <p className="notice error">{error.message}</p> : null}
      {result ? (
        <>
          <table className="test-table">
            <thead>
              <tr>
                <th scope="col">provider</th>
                <th scope="col">outcome</th>
                <th scope="col">results</th>
                <th scope="col">time</th>
                <th scope="col">reason</th>
              </tr>
            </thead>
            <tbody>
              {result.providers.map((attempt) => (
                <tr key={attempt.provider} className={`outcome-${attempt.outcome}`}>
                  <td>
                    {attempt.provider} <span className="quiet">{attempt.host}</span>
                  </td>
                  <td>{attempt.outcome}</td>
                  <td>{attempt.results}</td>
                  <td>{attempt.ms} ms</td>
                  <td>{attempt.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>
            {result.ok
              ? `First answer: ${result.provider} (${result.host}), as a chat would get it`
              : 'No provider answered with results.'}
          </h3>
          {result.answer ? <p>{result.answer}</p> : null}
          {result.sources.length > 0 ? <SourceList sources={result.sources} /> : null}
        </>
      ) : null}
    </div>
  );
}
