import { describe, expect, it } from 'vitest';
import { checkRequest, cleanQuery, siteHost } from '../../src/search/query.js';

describe('cleanQuery', () => {
  it.each([
    ['```\nrust async runtime\n```', 'rust async runtime'],
    ['```text\nlatest linux kernel\n```', 'latest linux kernel'],
    ['**tokio** vs `async-std`', 'tokio vs async-std'],
    ['# Heading query', 'Heading query'],
    ['- first\n- second', 'first second'],
    ['> quoted question', 'quoted question'],
    ['[tokio docs](https://tokio.rs) runtime', 'tokio docs runtime'],
    ['find -perm -4000 files', 'find -perm -4000 files'],
    ['C++ *pointer* arithmetic', 'C++ pointer arithmetic'],
    ['"exact phrase" site:docs.rs', '"exact phrase" site:docs.rs'],
    ['tabs\tand\nnew\r\nlines', 'tabs and new lines'],
  ])('%j becomes %j', (raw, clean) => {
    expect(cleanQuery(raw)).toBe(clean);
  });
});

describe('siteHost', () => {
  it.each([
    ['docs.python.org', 'docs.python.org'],
    ['https://Docs.Python.org/3/library/', 'docs.python.org'],
    ['site:docs.rs', 'docs.rs'],
    ['not a host', undefined],
    ['localhost', undefined],
    ['javascript:alert(1)', undefined],
  ])('%j is %j', (raw, host) => {
    expect(siteHost(raw)).toBe(host);
  });
});

describe('checkRequest', () => {
  it('fills defaults and keeps what was asked', () => {
    expect(checkRequest({ query: ' rust ' })).toEqual({
      ok: true,
      value: { query: 'rust', maxResults: 5 },
    });
    expect(
      checkRequest({ query: 'x', maxResults: 10, freshness: 'year', site: 'https://docs.rs/' }),
    ).toEqual({
      ok: true,
      value: { query: 'x', maxResults: 10, freshness: 'year', site: 'docs.rs' },
    });
  });

  it.each([
    [{ query: '' }, /empty/],
    [{ query: 'a'.repeat(401) }, /401 characters long; at most 400/],
    [{ query: 'x', maxResults: 0 }, /max_results/],
    [{ query: 'x', maxResults: 2.5 }, /max_results/],
    [{ query: 'x', freshness: 'hour' as 'day' }, /freshness must be one of day, week, month, year/],
    [{ query: 'x', site: 'not a host' }, /site must be a host name/],
    [{ query: 42 as unknown as string }, /must be text/],
  ])('refuses %j', (request, message) => {
    const outcome = checkRequest(request);
    expect(outcome).toMatchObject({
      ok: false,
      failure: { code: 'bad_query', message: expect.stringMatching(message) },
    });
  });

  it('measures the length after cleaning, so fences do not count', () => {
    expect(checkRequest({ query: `\`\`\`\n${'a'.repeat(398)}\n\`\`\`` }).ok).toBe(true);
  });
});
