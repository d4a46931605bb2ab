import type { Migration } from '../migration.js';
import { chats } from './0001-chats.js';
import { messageActivity } from './0002-message-activity.js';
import { history } from './0003-history.js';
import { settings } from './0004-settings.js';

/** Every migration, in the order they apply. */
export const MIGRATIONS: readonly Migration[] = [chats, messageActivity, history, settings];
