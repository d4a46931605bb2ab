import { useState } from 'react';
import { api } from '../api/client.js';
import type { KeyState } from '../api/types.js';

/**
 * One key. A saved key is never shown, nor sent to this page: the field says
 * whether one is set; an empty field keeps it; Remove deletes it.
 */
export function KeyField({
  name,
  label,
  note,
  set,
  onChanged,
  onError,
}: {
  name: string;
  label: string;
  note?: string;
  set: boolean;
  onChanged: () => void;
  onError: (error: Error) => void;
}) {
  const [key, setKey] = useState('');
  const path = `/api/keys/${encodeURIComponent(name)}`;
  const save = async () => {
    try {
      await api<KeyState>(path, { method: 'PUT', body: { key: key.trim() } });
      setKey('');
      onChanged();
    } catch (error) {
      onError(error as Error);
    }
  };
  const remove = async () => {
    try {
      await api<KeyState>(path, { method: 'DELETE' });
      onChanged();
    } catch (error) {
      onError(error as Error);
    }
  };
  return (
    <form
      className="key-field"
      data-key={name}
      onSubmit={(event) => {
        event.preventDefault();
        if (key.trim() !== '') void save();
      }}
    >
      <label htmlFor={`key-${name}`}>{label}</label>
      <input
        id={`key-${name}`}
        type="password"
        autoComplete="off"
        placeholder={set ? 'A key is set; type a new one to replace it' : 'No key set'}
        value={key}
        onChange={(event) => setKey(event.target.value)}
      />
      <button type="submit" disabled={key.trim() === ''}>
        Save key
      </button>
      {set ? (
        <button type="button" onClick={() => void remove()}>
          Remove
        </button>
      ) : null}
      <span className="key-state" role="status">
        {set ? 'A key is set' : 'No key'}
      </span>
      {note ? <span className="quiet key-note">{note}</span> : null}
    </form>
  );
}
