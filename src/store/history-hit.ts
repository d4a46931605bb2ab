/** One message found by history search. */
export interface HistoryHit {
  chatId: string;
  chatTitle: string;
  messageId: number;
  role: 'user' | 'assistant';
  /** The matching passage, matched words between `HIGHLIGHT` marks; not HTML-escaped. */
  snippet: string;
  createdAt: string;
}
