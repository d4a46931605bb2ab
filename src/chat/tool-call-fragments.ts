import { randomBytes } from 'node:crypto';
import type { StreamPart, ToolCall } from './types.js';

type ToolFragment = Extract<StreamPart, { type: 'tool-fragment' }>;

interface Slot {
  index: number;
  id: string | undefined;
  name: string | undefined;
  arguments: string;
}

/**
 * Tool calls put back together from streamed fragments: by `index`, with `id`
 * and `name` from the first fragment that carries them and the `arguments`
 * pieces joined in order.
 */
export class ToolCallAccumulator {
  #slots: Slot[] = [];
  /** The call each index is filling now. */
  #current = new Map<number, Slot>();

  add(part: ToolFragment): void {
    let slot = this.#current.get(part.index);
    // A different id at a taken index is a new call: some servers number every call 0.
    if (!slot || (part.id !== undefined && slot.id !== undefined && part.id !== slot.id)) {
      slot = { index: part.index, id: undefined, name: undefined, arguments: '' };
      this.#slots.push(slot);
      this.#current.set(part.index, slot);
    }
    slot.id ??= part.id;
    slot.name ??= part.name;
    slot.arguments += part.arguments ?? '';
  }

  /** The calls so far, ordered by index; a call the server gave no id gets one here, kept from then on. */
  calls(): ToolCall[] {
    return [...this.#slots]
      .sort((a, b) => a.index - b.index)
      .map((slot) => {
        slot.id ??= `call_${slot.index}_${randomBytes(4).toString('hex')}`;
        return {
          id: slot.id,
          type: 'function',
          function: {
            name: slot.name ?? '',
            arguments: slot.arguments.trim() === '' ? '{}' : slot.arguments,
          },
        };
      });
  }
}
