import { describe, expect, it } from 'vitest';
import { chatTitle, MAX_TITLE_CHARS } from '../../src/store/chat-title.js';

describe('chatTitle', () => {
  it('takes the first non-blank line, spaces collapsed', () => {
    expect(chatTitle('\n  \n  Why   is the sky blue?\nDetails follow')).toBe(
      'Why is the sky blue?',
    );
    expect(chatTitle('   ')).toBe('');
  });

  it('cuts a long line at a word, within the limit', () => {
    const title = chatTitle(`${'lorem ipsum '.repeat(20)}`);
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
    expect(title).toMatch(/^(lorem ipsum )*lorem( ipsum)?…$/);
  });

  it('cuts inside a single word longer than the limit', () => {
    const title = chatTitle('x'.repeat(200));
    expect(title).toBe(`${'x'.repeat(MAX_TITLE_CHARS - 1)}…`);
  });
});
