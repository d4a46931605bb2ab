import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.js';
import { type Loaded, useLoad } from '../src/api/use-load.js';

/** Answers are released by the test, so what shows while loading can be seen. */
function pending() {
  const waiting: ((value: string | Error) => void)[] = [];
  const load = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push((value) => (value instanceof Error ? reject(value) : resolve(value)));
    });
  const answer = async (value: string | Error) => {
    await act(async () => waiting.shift()?.(value));
  };
  return { load, answer };
}

let loaded: Loaded<string>;
function Shows({ id, load }: { id: string; load: (id: string) => Promise<string> }) {
  loaded = useLoad(() => load(id), [id]);
  return <p>{loaded.data ?? '(nothing)'}</p>;
}

describe('loading from the API', () => {
  it('keeps what it showed during a reload and after a failed one, but not for other deps', async () => {
    const { load, answer } = pending();
    const { rerender } = render(<Shows id="a" load={load} />);
    await answer('chat a');
    expect(screen.getByText('chat a')).toBeTruthy();

    act(() => loaded.reload());
    expect(screen.getByText('chat a')).toBeTruthy();
    await answer(new ApiError(0, 'offline', 'lookout is not answering'));
    expect(screen.getByText('chat a')).toBeTruthy();
    expect(loaded.error?.code).toBe('offline');

    rerender(<Shows id="b" load={load} />);
    expect(screen.getByText('(nothing)')).toBeTruthy();
    await answer('chat b');
    expect(screen.getByText('chat b')).toBeTruthy();
    expect(loaded.error).toBeUndefined();
  });
});
