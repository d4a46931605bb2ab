import { describe, expect, it } from 'vitest';
import { sourceList } from '../../src/proxy/source-list.js';

describe('the source list under an answer', () => {
  it('numbers Markdown links whose titles and addresses cannot break out of them', () => {
    const list = sourceList([
      {
        title: 'Rust (programming language) - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Rust_(programming_language)',
        snippet: '',
      },
      {
        title: `[x](javascript:alert(1)) ${'long '.repeat(30)}\n\u202Eevil`,
        url: 'https://a.example/',
        snippet: '',
      },
      { title: '', url: 'https://b.example/', snippet: '' },
    ]);
    expect(list.split('\n')).toEqual([
      '',
      '',
      'Sources:',
      '1. [Rust (programming language) - Wikipedia](https://en.wikipedia.org/wiki/Rust_%28programming_language%29)',
      `2. [x(javascript:alert(1)) ${'long '.repeat(11)}l…](https://a.example/)`,
      '3. [https://b.example/](https://b.example/)',
    ]);
  });
});
