import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WebActivity } from '../src/api/types.js';
import { NoModelServer, SearchTrouble } from '../src/chat/notices.js';
import { searchServedBy } from '../src/chat/tools-menu.js';

const failed = (code: string, error: string): WebActivity => ({
  kind: 'search',
  target: 'q',
  ok: false,
  summary: error,
  sources: [],
  error,
  code,
});

describe('the notices of a turn', () => {
  it('says the search limit was reached, with the wait', () => {
    render(
      <SearchTrouble
        activity={[
          failed('rate_limited', 'you have made 20 searches this minute; try again in 31 s'),
        ]}
        admin={false}
      />,
    );
    expect(screen.getByText('Search limit reached.')).toBeTruthy();
    expect(screen.getByText(/try again in 31 s/)).toBeTruthy();
  });

  it('says no provider works with each reason, and the admin where to test them', () => {
    const reasons =
      'no search provider works. Tried duckduckgo: challenged; bing_html: blocked (403)';
    const { rerender } = render(
      <SearchTrouble activity={[failed('no_provider_works', reasons)]} admin={true} />,
    );
    expect(screen.getByText(reasons)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Test providers' }).getAttribute('href')).toBe(
      '/settings#providers',
    );
    rerender(<SearchTrouble activity={[failed('no_provider_works', reasons)]} admin={false} />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says nothing for failures a person cannot act on', () => {
    const { container } = render(
      <SearchTrouble activity={[failed('bad_query', 'query is required')]} admin={true} />,
    );
    expect(container.textContent).toBe('');
  });

  it('tells the admin where to set the model server, and a user whom to ask', () => {
    const { rerender } = render(<NoModelServer message="no model server found" admin={true} />);
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/settings#model-server',
    );
    expect(screen.getByText('LOOKOUT_UPSTREAM')).toBeTruthy();
    rerender(<NoModelServer message="no model server found" admin={false} />);
    expect(screen.getByText(/Ask whoever runs this lookout/)).toBeTruthy();
  });
});

describe('who serves search', () => {
  const provider = (name: string, extra: object) => ({
    name,
    label: name,
    on: true,
    host: `${name}.example`,
    needs: 'nothing',
    takesKey: false,
    setUp: true,
    ready: true,
    ...extra,
  });

  it('names the ready providers in order', () => {
    expect(
      searchServedBy([
        provider('SearXNG', { setUp: false, ready: false }),
        provider('DuckDuckGo', {}),
        provider('Bing', {}),
      ]),
    ).toBe('Search served by lookout: DuckDuckGo, then Bing');
  });

  it('says when every provider rests, or none is set up', () => {
    expect(searchServedBy([provider('Bing', { ready: false, restingUntil: 'x' })])).toMatch(
      /every provider is resting/,
    );
    expect(searchServedBy([provider('Bing', { on: false, ready: false })])).toMatch(
      /no provider is on/,
    );
  });
});
