import { activityLine, runningActivity } from '../activity-lines.js';
import type { ChatEvent } from '../chat/events.js';

type ToolEvent = Extract<ChatEvent, { type: 'tool-start' | 'tool-done' }>;

/**
 * The line a person reads, in the reasoning, while a web call runs and once
 * it is done: `▸ searching: tokio…`, `▸ searched: tokio (5 results)`.
 */
export const progressNote = (event: ToolEvent): string =>
  event.type === 'tool-start'
    ? `▸ ${runningActivity(event.name, event.arguments)}…\n`
    : `▸ ${activityLine(event.activity)}\n`;
