import { useEffect, useState } from 'react';
import { type ApiError, api } from '../api/client.js';
import type { SettingView } from '../api/types.js';

/** A value as the field shows it: lists comma separated. */
const asText = (value: unknown): string =>
  Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value);

/** The field's text as the API takes it, by the kind of the current value; empty means "back to the default". */
function fromText(text: string, current: unknown): unknown {
  if (text.trim() === '') return null;
  if (typeof current === 'number') return Number(text);
  if (Array.isArray(current))
    return text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  return text.trim();
}

/**
 * A few settings saved together (all or none). A setting the environment
 * sets is shown but locked: the environment wins over what is saved here.
 */
export function SettingGroup({
  id,
  title,
  names,
  settings,
  onSaved,
}: {
  id: string;
  title: string;
  names: readonly string[];
  settings: readonly SettingView[];
  onSaved: (settings: SettingView[]) => void;
}) {
  const shown = names
    .map((name) => settings.find((setting) => setting.name === name))
    .filter((setting): setting is SettingView => setting !== undefined);
  const initial = () =>
    Object.fromEntries(
      shown.map((setting) => [
        setting.name,
        typeof setting.value === 'boolean' ? setting.value : asText(setting.value),
      ]),
    );
  const [values, setValues] = useState<Record<string, string | boolean>>(initial);
  const [error, setError] = useState<ApiError | undefined>();
  const [saved, setSaved] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new settings from the server reset the fields
  useEffect(() => setValues(initial()), [settings]);

  const changed = shown.filter((setting) => {
    const value = values[setting.name];
    return typeof value === 'boolean' ? value !== setting.value : value !== asText(setting.value);
  });

  const save = async () => {
    setError(undefined);
    const body = Object.fromEntries(
      changed.map((setting) => {
        const value = values[setting.name];
        return [
          setting.name,
          typeof value === 'boolean' ? value : fromText(value ?? '', setting.value),
        ];
      }),
    );
    try {
      onSaved(await api<SettingView[]>('/api/settings', { method: 'PATCH', body }));
      setSaved(true);
    } catch (failure) {
      setError(failure as ApiError);
    }
  };

  return (
    <form
      id={id}
      className="setting-group"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2>{title}</h2>
      {shown.map((setting) => {
        const locked = setting.source === 'environment';
        const value = values[setting.name];
        const field = `setting-${setting.name}`;
        return (
          <div key={setting.name} className="setting">
            <label htmlFor={field}>
              <code>{setting.name}</code>
            </label>
            {typeof value === 'boolean' ? (
              <input
                id={field}
                type="checkbox"
                checked={value}
                disabled={locked}
                onChange={(event) => {
                  setSaved(false);
                  setValues({ ...values, [setting.name]: event.target.checked });
                }}
              />
            ) : (
              <input
                id={field}
                type={typeof setting.value === 'number' ? 'number' : 'text'}
                value={value ?? ''}
                disabled={locked}
                placeholder="default"
                onChange={(event) => {
                  setSaved(false);
                  setValues({ ...values, [setting.name]: event.target.value });
                }}
              />
            )}
            <span className="quiet setting-help">
              {setting.description}
              {locked ? ` Set by ${setting.env} in the environment.` : ''}
            </span>
          </div>
        );
      })}
      {error ? (
        <p className="notice error" role="alert">
          {error.message}
        </p>
      ) : null}
      <div className="setting-actions">
        <button type="submit" className="primary" disabled={changed.length === 0}>
          Save
        </button>
        {saved && changed.length === 0 ? (
          <span className="quiet" role="status">
            Saved.
          </span>
        ) : null}
      </div>
    </form>
  );
}
