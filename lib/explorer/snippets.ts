// Code that makes one call, for the explorer and the reference: curl, JavaScript (fetch), Python
// (requests) and Go, from the same request. The key is a placeholder unless the caller passes it.

const KEY_PLACEHOLDER = '<API_KEY>';

/** The key a snippet shows: the tab's key once "Show my key" is ticked, else none (the placeholder). */
export function snippetApiKey(reveal: boolean, apiKey: string | null | undefined): string | null {
  return reveal && apiKey ? apiKey : null;
}

export interface SnippetRequest {
  /** Where the API is, e.g. "https://api.example.com" (no trailing slash). */
  baseUrl: string;
  method: 'GET' | 'POST';
  path: string;
  /** Query parameters (GET) in order; blank values are left out. */
  params: readonly (readonly [string, string])[];
  /** JSON body (POST). */
  body?: string;
  /** The real key, only when the user asked to reveal it. */
  apiKey?: string | null;
}

export type SnippetLanguage = 'curl' | 'javascript' | 'python' | 'go';
export const snippetLanguages: readonly { id: SnippetLanguage; label: string }[] = [
  { id: 'curl', label: 'curl' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
  { id: 'go', label: 'Go' },
];

/** The URL with its query string, as the call sends it. */
function callUrl(request: Pick<SnippetRequest, 'baseUrl' | 'path' | 'params'>): string {
  const query = new URLSearchParams(request.params.filter(([, v]) => v.trim() !== '') as [string, string][]).toString();
  return `${request.baseUrl}${request.path}${query ? `?${query}` : ''}`;
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const jsString = (text: string) => JSON.stringify(text);
const pyString = (text: string) => JSON.stringify(text);
const goString = (text: string) => (text.includes('`') ? JSON.stringify(text) : `\`${text}\``);

export function buildSnippet(language: SnippetLanguage, request: SnippetRequest): string {
  const key = request.apiKey || KEY_PLACEHOLDER;
  const url = callUrl(request);
  const post = request.method === 'POST';
  const body = request.body ?? '{}';
  switch (language) {
    case 'curl':
      return [
        `curl${post ? ' -X POST' : ''} ${shellQuote(url)}`,
        `  -H ${shellQuote(`X-API-Key: ${key}`)}`,
        ...(post ? [`  -H 'Content-Type: application/json'`, `  --data ${shellQuote(body)}`] : []),
      ].join(' \\\n');
    case 'javascript':
      return [
        `const response = await fetch(${jsString(url)}, {`,
        ...(post ? [`  method: 'POST',`] : []),
        `  headers: { 'X-API-Key': ${jsString(key)}${post ? `, 'Content-Type': 'application/json'` : ''} },`,
        ...(post ? [`  body: ${jsString(body)},`] : []),
        `});`,
        `console.log(response.status, response.headers.get('X-Billed-Units'));`,
        `const data = await response.json();`,
      ].join('\n');
    case 'python':
      return [
        'import requests',
        '',
        `response = requests.${post ? 'post' : 'get'}(`,
        `    ${pyString(url)},`,
        `    headers={"X-API-Key": ${pyString(key)}${post ? ', "Content-Type": "application/json"' : ''}},`,
        ...(post ? [`    data=${pyString(body)},`] : []),
        '    timeout=60,',
        ')',
        'print(response.status_code, response.headers.get("X-Billed-Units"))',
        'data = response.json()',
      ].join('\n');
    case 'go':
      return [
        'package main',
        '',
        'import (',
        '\t"fmt"',
        '\t"io"',
        '\t"net/http"',
        ...(post ? ['\t"strings"'] : []),
        ')',
        '',
        'func main() {',
        `\treq, err := http.NewRequest(${post ? '"POST"' : '"GET"'}, ${goString(url)}, ${post ? `strings.NewReader(${goString(body)})` : 'nil'})`,
        '\tif err != nil {',
        '\t\tpanic(err)',
        '\t}',
        `\treq.Header.Set("X-API-Key", ${goString(key)})`,
        ...(post ? ['\treq.Header.Set("Content-Type", "application/json")'] : []),
        '\tresp, err := http.DefaultClient.Do(req)',
        '\tif err != nil {',
        '\t\tpanic(err)',
        '\t}',
        '\tdefer resp.Body.Close()',
        '\tbody, _ := io.ReadAll(resp.Body)',
        '\tfmt.Println(resp.Status, resp.Header.Get("X-Billed-Units"))',
        '\tfmt.Println(string(body))',
        '}',
      ].join('\n');
  }
}
