/** A refusal or failure of the API, with the `{error: {code, message}}` it answered. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Said when the server does not answer at all. */
export const OFFLINE = 'offline';

const TOKEN_KEY = 'lookout.token';

/** The bearer token a person typed in, kept in this browser. */
export const savedToken = {
  get: (): string => localStorage.getItem(TOKEN_KEY) ?? '',
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
};

export function authHeaders(): Record<string, string> {
  const token = savedToken.get();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The API's error body as an ApiError, whatever the body is. */
export async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string } }
    | undefined;
  return new ApiError(
    response.status,
    body?.error?.code ?? `http_${response.status}`,
    body?.error?.message ?? `the server answered ${response.status} ${response.statusText}`,
  );
}

/** Sends a request; the fetch failing itself means the server is gone. */
export async function request(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  try {
    return await fetch(path, {
      method: init.method ?? 'GET',
      headers: {
        ...authHeaders(),
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(
      0,
      OFFLINE,
      'lookout is not answering: the connection to the server is lost.',
    );
  }
}

/** A JSON call of the API: the answer's body, or an ApiError. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await request(path, init);
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** A chat's address in the API. */
export const chatPath = (id: string): string => `/api/chats/${encodeURIComponent(id)}`;
