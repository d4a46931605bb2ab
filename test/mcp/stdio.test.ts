import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { freshDataDir, runBin } from '../cli/run-cli.js';
import { type McpDoor, webToolsContract } from './web-tools-contract.js';

const BIN = join(import.meta.dirname, '../../dist/cli/bin.js');

/** The built `lookout mcp` as a chat client starts it: a child process spoken to over its stdin and stdout. */
async function startLookoutMcp(
  env: Record<string, string>,
): Promise<McpDoor & { stderr: () => string; errors: Error[] }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    env: { LOOKOUT_DATA_DIR: freshDataDir(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'lookout-test', version: '0' });
  // A line on stdout that is not protocol ends up here.
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, close: () => client.close(), stderr: () => stderr, errors };
}

webToolsContract('over stdio (lookout mcp)', startLookoutMcp);

describe('lookout mcp', () => {
  it('keeps stdout for the protocol: a warning goes to stderr', async () => {
    const door = await startLookoutMcp({ LOOKOUT_NO_SUCH_SETTING: 'x' });
    try {
      expect((await door.client.listTools()).tools).toHaveLength(2);
      expect(door.errors).toEqual([]);
      expect(door.stderr()).toMatch(/LOOKOUT_NO_SUCH_SETTING is not a setting of lookout/);
    } finally {
      await door.close();
    }
  });

  it('ends with exit code 0 when the client closes its stdin', async () => {
    const messages = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'a shell', version: '0' },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    const run = await runBin(
      ['mcp'],
      {},
      messages.map((message) => `${JSON.stringify(message)}\n`).join(''),
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const answers = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers.map((answer) => answer.id)).toEqual([1, 2]);
    expect(answers[1].result.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'web_search',
      'web_fetch',
    ]);
  });

  it('answers --help on stdout and exits 0', async () => {
    const run = await runBin(['mcp', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: lookout mcp/);
  });
});
