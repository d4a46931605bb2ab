import { useEffect, useRef, useState } from 'react';
import type { ProviderStatus } from '../api/types.js';

/** Who serves `web_search`: the chain's ready providers, first one first. */
export function searchServedBy(providers: readonly ProviderStatus[] | undefined): string {
  if (!providers) return 'Search: …';
  const ready = providers.filter((provider) => provider.ready);
  if (ready.length === 0) {
    const on = providers.filter((provider) => provider.on && provider.setUp);
    return on.length > 0
      ? `Search: every provider is resting after a bot check (${on.map((p) => p.label).join(', ')}); all will be asked again`
      : 'Search: no provider is on and set up. See Settings.';
  }
  const [first, ...rest] = ready;
  return `Search served by lookout: ${first?.label}${rest.length > 0 ? `, then ${rest.map((p) => p.label).join(', ')}` : ''}`;
}

/** The chat's Tools menu: the Web switch, and who serves search. */
export function ToolsMenu({
  webOff,
  onWebOff,
  providers,
}: {
  webOff: boolean;
  onWebOff: (off: boolean) => void;
  providers: readonly ProviderStatus[] | undefined;
}) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !menu.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="tools-menu" ref={menu}>
      <button
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        Tools {webOff ? '· web off' : ''} ▾
      </button>
      {open ? (
        <div className="menu-panel">
          <div className="menu-row">
            <span>
              <strong>Web</strong>
              <span className="quiet"> web_search, web_fetch</span>
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={!webOff}
              aria-label="Web"
              className="switch"
              onClick={() => onWebOff(!webOff)}
            >
              <span className="switch-knob" />
            </button>
          </div>
          <p className="quiet menu-note">
            {webOff
              ? 'Off: the model gets no web tools from the next message.'
              : searchServedBy(providers)}
          </p>
        </div>
      ) : null}
    </div>
  );
}
