/** The API's shapes, the same types the server answers with. */
import type { ChatWithMessages } from '../../../src/store/chat-records.js';

export type { ChatEvent } from '../../../src/chat/events.js';
export type { ProviderStatus } from '../../../src/search/provider-status.js';
export type { ProviderTest } from '../../../src/search/test-providers.js';
export type { SettingView } from '../../../src/server/live-settings.js';
export type {
  Chat,
  ChatWithMessages,
  StoredMessage,
} from '../../../src/store/chat-records.js';
export type { HistoryHit } from '../../../src/store/history-hit.js';
export type { Attempt, SearchResult, Source, WebActivity } from '../../../src/types.js';

/** A chat as `GET /api/chats/{id}` answers it: with whether a turn of it runs now. */
export type ChatView = ChatWithMessages & { answering: boolean };

export type { ModelServer, Session } from '../../../src/server/routes/session.js';
export type { KeyState } from '../../../src/server/routes/settings.js';
