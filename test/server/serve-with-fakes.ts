import { type RunningServer, startServer } from '../../src/server/serve.js';
import { freshDataDir } from '../cli/run-cli.js';
import { type EngineFakes, startEngineFakes } from '../fakes/engines.js';
import {
  type ModelServer,
  type ModelServerOptions,
  startModelServer,
} from '../fakes/model-server.js';

/** A `lookout serve` in this process whose engines (SearXNG included) and model server are fakes. */
export interface ServedWithFakes {
  server: RunningServer;
  model: ModelServer;
  fakes: EngineFakes;
  /** Forgets what the fakes recorded and were told, between tests. */
  reset(): void;
  close(): Promise<void>;
}

export async function serveWithFakes({
  env = {},
  model: modelOptions = {},
  dataDir = freshDataDir(),
}: {
  env?: Record<string, string>;
  model?: ModelServerOptions;
  dataDir?: string;
} = {}): Promise<ServedWithFakes> {
  const [model, fakes] = await Promise.all([
    startModelServer({ model: 'qwen3.5-9b', ...modelOptions }),
    startEngineFakes(),
  ]);
  const started = await startServer(
    {
      ...fakes.env(true),
      LOOKOUT_PORT: '0',
      LOOKOUT_DATA_DIR: dataDir,
      LOOKOUT_UPSTREAM: model.url,
      ...env,
    },
    () => {},
  );
  if (!started.ok) throw new Error(started.failure.message);
  const server = started.value;
  return {
    server,
    model,
    fakes,
    reset: () => {
      model.requests.length = 0;
      fakes.reset();
    },
    close: async () => {
      await server.close();
      await Promise.all([model.close(), fakes.close()]);
    },
  };
}
