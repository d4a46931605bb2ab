import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { KeyState, ModelServer, ProviderStatus, Session, SettingView } from '../api/types.js';
import { useLoad } from '../api/use-load.js';
import { ProblemNotice } from '../shell/problem-notice.js';
import { KeyField } from './key-field.js';
import { type OrderChange, ProviderOrder } from './provider-order.js';
import { ProviderTest } from './provider-test.js';
import { SettingGroup } from './setting-group.js';

/** Settings, for the admin: the provider order, the provider test, keys, and the settings. */
export function SettingsPage({ session }: { session: Session }) {
  const providers = useLoad(() => api<ProviderStatus[]>('/api/providers'), []);
  const settings = useLoad(() => api<SettingView[]>('/api/settings'), []);
  const keys = useLoad(() => api<KeyState[]>('/api/keys'), []);
  const modelServer = useLoad(
    () => api<ModelServer>('/api/model-server'),
    [settings.data, keys.data],
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Error | undefined>();

  // A link from a notice (`/settings#providers`) lands on its section.
  useEffect(() => {
    if (settings.data && location.hash)
      document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [settings.data]);

  if (session.role !== 'admin') {
    return <p className="notice">Settings need the admin token.</p>;
  }

  const changeOrder = async (name: string, change: OrderChange) => {
    setBusy(true);
    try {
      providers.set(
        await api<ProviderStatus[]>(`/api/providers/${encodeURIComponent(name)}`, {
          method: 'POST',
          body: { change },
        }),
      );
    } catch (error) {
      setProblem(error as Error);
    } finally {
      setBusy(false);
    }
  };

  const isSet = (name: string) => keys.data?.some((key) => key.name === name && key.set) ?? false;
  const keyFields = [
    {
      name: 'upstream',
      label: 'Model server key',
      note: 'Sent as a Bearer token to the model server; not needed by local servers.',
    },
    ...(providers.data ?? [])
      .filter((provider) => provider.takesKey)
      .map((provider) => ({
        name: provider.name,
        label: `${provider.label} key`,
        // A key from the environment is in use but not in the key file: say so, and that a saved one wins.
        note:
          provider.keyFrom && provider.keyFrom !== 'the key file'
            ? `The key in use comes from ${provider.keyFrom}; a key saved here takes its place.`
            : undefined,
      })),
  ];
  const onSaved = (views: SettingView[]) => {
    settings.set(views);
    providers.reload();
  };

  return (
    <section className="settings-page">
      <h1>Settings</h1>
      <ProblemNotice problem={problem} onDismiss={() => setProblem(undefined)} />

      <section id="providers" className="settings-section">
        <h2>Search providers</h2>
        <p className="quiet">
          The first provider searches alone; the next is asked only when it fails or finds nothing.
        </p>
        {providers.error ? <p className="notice error">{providers.error.message}</p> : null}
        {providers.data ? (
          <ProviderOrder providers={providers.data} onChange={changeOrder} busy={busy} />
        ) : null}
        <h3>Test providers</h3>
        <ProviderTest onTested={providers.reload} />
      </section>

      <section id="keys" className="settings-section">
        <h2>Keys</h2>
        <p className="quiet">
          Kept in the data folder, readable by lookout's user only. Never shown again.
        </p>
        {keyFields.map((field) => (
          <KeyField
            key={field.name}
            name={field.name}
            label={field.label}
            {...(field.note ? { note: field.note } : {})}
            set={isSet(field.name)}
            onChanged={keys.reload}
            onError={setProblem}
          />
        ))}
      </section>

      {settings.error ? <p className="notice error">{settings.error.message}</p> : null}
      {settings.data ? (
        <>
          <div id="model-server" className="settings-section">
            <SettingGroup
              id="model-server-settings"
              title="Model server"
              names={['upstream', 'model', 'max_tool_rounds']}
              settings={settings.data}
              onSaved={onSaved}
            />
            <p className="model-server-state" role="status">
              {modelServer.data?.found
                ? `Chats talk to ${modelServer.data.model} at ${modelServer.data.baseUrl}.`
                : (modelServer.data?.message ?? 'Looking for the model server…')}
            </p>
          </div>
          <SettingGroup
            id="searxng"
            title="SearXNG"
            names={['searxng_url', 'searxng_categories']}
            settings={settings.data}
            onSaved={onSaved}
          />
          <SettingGroup
            id="limits"
            title="Search"
            names={[
              'search_limit_per_user',
              'search_limit_total',
              'snippet_chars',
              'language',
              'safesearch',
            ]}
            settings={settings.data}
            onSaved={onSaved}
          />
          <SettingGroup
            id="reading"
            title="Page reading"
            names={['allow_private', 'ports', 'allowed_hosts']}
            settings={settings.data}
            onSaved={onSaved}
          />
        </>
      ) : null}
    </section>
  );
}
