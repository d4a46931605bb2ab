import { runningActivity } from '../../../src/activity-lines.js';
import type { ChatEvent, WebActivity } from '../api/types.js';

/** A turn as it streams in: what a person sees before the answer is stored. */
export interface LiveTurn {
  /** The person's message, shown at once. */
  question: string;
  /** Calls that have ended, in the order they ended. */
  activity: WebActivity[];
  /** Calls still running, by id: their status line (`searching: tokio`). */
  running: Record<string, string>;
  reasoning: string;
  content: string;
  error?: { message: string; code?: string };
  done: boolean;
}

export const startTurn = (question: string): LiveTurn => ({
  question,
  activity: [],
  running: {},
  reasoning: '',
  content: '',
  done: false,
});

/** The turn after one event of the stream. */
export function applyEvent(turn: LiveTurn, event: ChatEvent): LiveTurn {
  switch (event.type) {
    case 'reasoning':
      return { ...turn, reasoning: turn.reasoning + event.text };
    case 'content':
      return { ...turn, content: turn.content + event.text };
    case 'tool-start':
      return {
        ...turn,
        running: { ...turn.running, [event.id]: runningActivity(event.name, event.arguments) },
      };
    case 'tool-done': {
      const { [event.id]: _ended, ...running } = turn.running;
      return { ...turn, running, activity: [...turn.activity, event.activity] };
    }
    case 'error':
      return {
        ...turn,
        error: { message: event.message, ...(event.code ? { code: event.code } : {}) },
      };
    case 'done':
      // The loop's last word: the answer as shown (leaked tool markup removed).
      return {
        ...turn,
        content: event.content,
        reasoning: event.reasoning,
        activity: event.activity,
        running: {},
        done: true,
      };
    default:
      return turn;
  }
}

/** The status line while calls run: the latest one, `searching: tokio…`. */
export function statusLine(turn: LiveTurn): string | undefined {
  const lines = Object.values(turn.running);
  const latest = lines[lines.length - 1];
  return latest ? `${latest}…` : undefined;
}
