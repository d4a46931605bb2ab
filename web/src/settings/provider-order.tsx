import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { ProviderStatus } from '../api/types.js';

export type OrderChange = 'up' | 'down' | 'toggle';

function state(provider: ProviderStatus): string {
  if (!provider.on) return 'off';
  if (!provider.setUp) return 'needs setting up';
  if (provider.restingUntil)
    return `resting until ${new Date(provider.restingUntil).toLocaleTimeString()} (${provider.restReason ?? 'bot check'})`;
  return 'ready';
}

/**
 * The providers in the order the chain asks them, each with up, down and
 * on/off. Keyboard: Tab to a row, then u / d move it and t turns it on or
 * off (as seed 003's page), or use the buttons.
 */
export function ProviderOrder({
  providers,
  onChange,
  busy,
}: {
  providers: readonly ProviderStatus[];
  onChange: (name: string, change: OrderChange) => void;
  busy: boolean;
}) {
  const rows = useRef(new Map<string, HTMLLIElement>());
  const moved = useRef<string | undefined>(undefined);
  // The row that moved keeps the keyboard focus once the new order is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new order arrives
  useEffect(() => {
    if (moved.current) rows.current.get(moved.current)?.focus();
    moved.current = undefined;
  }, [providers]);

  const change = (name: string, how: OrderChange) => {
    moved.current = name;
    onChange(name, how);
  };
  const onKey = (event: KeyboardEvent<HTMLLIElement>, name: string) => {
    if (event.target !== event.currentTarget || busy) return;
    const how = ({ u: 'up', d: 'down', t: 'toggle' } as const)[event.key as 'u' | 'd' | 't'];
    if (!how) return;
    event.preventDefault();
    change(name, how);
  };

  const onCount = providers.filter((provider) => provider.on).length;
  return (
    <ol className="provider-order" aria-label="Search providers in order">
      {providers.map((provider, index) => (
        <li
          key={provider.name}
          ref={(row) => {
            if (row) rows.current.set(provider.name, row);
            else rows.current.delete(provider.name);
          }}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a row takes u, d and t from the keyboard
          tabIndex={0}
          className={`provider-row ${provider.ready ? 'ready' : provider.on ? 'waiting' : 'off'}`}
          data-provider={provider.name}
          onKeyDown={(event) => onKey(event, provider.name)}
        >
          <span className="provider-position">{provider.on ? index + 1 : '–'}</span>
          <span className="provider-name">
            <strong>{provider.label}</strong> <code>{provider.name}</code>
            <span className="quiet provider-host">{provider.host || 'no address set'}</span>
          </span>
          <span className="provider-needs">
            needs {provider.needs}
            {provider.needs === 'nothing' ? null : provider.setUp ? ' · has it' : ' · missing'}
          </span>
          <span className="provider-state">{state(provider)}</span>
          <span className="provider-buttons">
            <button
              type="button"
              className="icon"
              aria-label={`Move ${provider.label} up`}
              disabled={busy || !provider.on || index === 0}
              onClick={() => change(provider.name, 'up')}
            >
              ↑
            </button>
            <button
              type="button"
              className="icon"
              aria-label={`Move ${provider.label} down`}
              disabled={busy || !provider.on || index >= onCount - 1}
              onClick={() => change(provider.name, 'down')}
            >
              ↓
            </button>
            <button
              type="button"
              role="switch"
              aria-checked={provider.on}
              aria-label={`${provider.label} on`}
              className="switch"
              disabled={busy}
              onClick={() => change(provider.name, 'toggle')}
            >
              <span className="switch-knob" />
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}
