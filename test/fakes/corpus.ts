/**
 * What the fake engines find for any query: the same pages, written into each
 * engine's own markup. It holds the awkward cases every provider must handle:
 * tracking parameters, a duplicate page, entities, non-ASCII, a long snippet.
 */
export interface FakeResult {
  title: string;
  url: string;
  snippet: string;
  /** ISO date, for engines that show one. */
  published?: string;
}

export function corpus(query: string): FakeResult[] {
  return [
    {
      title: `Tokio & "friends": ${query}`,
      url: 'https://tokio.rs/?utm_source=fake&utm_medium=search',
      snippet: `Tokio is an asynchronous runtime <for> ${query}.`,
      published: '2025-05-03',
    },
    {
      title: 'tokio - Rust',
      url: 'https://docs.rs/tokio/latest/tokio/',
      snippet: 'A runtime for writing reliable network applications without compromising speed.',
    },
    {
      title: 'Tokio (duplicate)',
      url: 'https://www.tokio.rs/#top',
      snippet: 'The same page under another address.',
    },
    {
      title: 'Ünïcödé — straße',
      url: 'https://example.org/stra%C3%9Fe?q=a%20b',
      snippet: 'Non-ASCII text: 東京, Zürich, Ελλάδα.',
      published: '2024-01-29',
    },
    {
      title: 'Rust (programming language) - Wikipedia',
      url: 'https://en.wikipedia.org/wiki/Rust_(programming_language)',
      snippet: 'Rust is a general-purpose programming language emphasizing performance.',
    },
    {
      title: 'A blog post',
      url: 'https://blog.example.net/post?id=7&fbclid=IwAR0abc',
      snippet: `${'A very long snippet that goes on and on. '.repeat(20)}The end.`,
    },
  ];
}

/** The corpus as lookout must return it: cleaned, de-duplicated. */
export function expectedUrls(): string[] {
  return [
    'https://tokio.rs/',
    'https://docs.rs/tokio/latest/tokio/',
    'https://example.org/stra%C3%9Fe?q=a%20b',
    'https://en.wikipedia.org/wiki/Rust_(programming_language)',
    'https://blog.example.net/post?id=7',
  ];
}
