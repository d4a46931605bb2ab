import { useState } from 'react';
import { savedToken } from '../api/client.js';

/** This lookout asks for a token: take it once, keep it in this browser. */
export function TokenPrompt({ message, onToken }: { message: string; onToken: () => void }) {
  const [token, setToken] = useState('');
  return (
    <main className="token-prompt">
      <h1>lookout</h1>
      <p>{message}. Enter the access token you were given.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          savedToken.set(token.trim());
          onToken();
        }}
      >
        <input
          type="password"
          aria-label="Access token"
          autoComplete="off"
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
        <button type="submit" className="primary" disabled={token.trim() === ''}>
          Continue
        </button>
      </form>
    </main>
  );
}
