import type { ServerResponse } from 'node:http';

/** One canned HTTP answer of a service. */
export interface Canned {
  status: number;
  json?: unknown;
  /** A body that is not JSON (a bot check's HTML page); `json` wins when both are set. */
  html?: string;
  headers?: Record<string, string>;
}

export function sendCanned(response: ServerResponse, canned: Canned): void {
  if (canned.json !== undefined) {
    response.writeHead(canned.status, { 'content-type': 'application/json', ...canned.headers });
    response.end(JSON.stringify(canned.json));
    return;
  }
  response.writeHead(canned.status, {
    'content-type': 'text/html; charset=UTF-8',
    ...canned.headers,
  });
  response.end(canned.html ?? '');
}

/** The query inside a prompt of an LLM with hosted search (`searchPrompt`): its `Query:` line. */
export const queryOfPrompt = (prompt: string): string =>
  /^Query: (.*)$/m.exec(prompt)?.[1] ?? prompt;

/** Cloudflare's challenge page, as it stands in front of api.openai.com and api.anthropic.com. */
export const CLOUDFLARE_CHALLENGE: Canned = {
  status: 403,
  headers: { 'cf-mitigated': 'challenge', server: 'cloudflare', 'cf-ray': '8f2a1c3b4d5e6f70-FRA' },
  html: `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper" role="main">
<h1 class="zone-name-title h1">api.example.com</h1><noscript>Enable JavaScript and cookies to continue</noscript>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: 'api.example.com',cType: 'managed'};
var a = document.createElement('script');a.src = '/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8f2a1c3b4d5e6f70';
document.getElementsByTagName('head')[0].appendChild(a);}());</script></div></body></html>`,
};

/** Google's page for addresses it distrusts, which its front end serves instead of an API. */
export const GOOGLE_UNUSUAL_TRAFFIC: Canned = {
  status: 429,
  html: `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"><title>https://generativelanguage.googleapis.com/</title></head>
<body><div id="infoDiv">Our systems have detected unusual traffic from your computer network. This page checks to see if it's really you sending the requests, and not a robot.</div>
<div id="recaptcha" class="g-recaptcha" data-sitekey="6LfwuyUTAAAAAOAmoS0fdqijC2PbbdH4kjq62Y1b"></div></body></html>`,
};
