// Requests as curl commands (requests.mjs): runnable in a shell, and never holding the key.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { curlCommand, shellQuote } from '../../../maubinh_api/web/static/playground/requests.mjs';

test('a single quote survives the shell', () => {
  assert.equal(shellQuote("it's"), "'it'\\''s'");
});

test('a request becomes a curl command that reads the key from the environment', () => {
  const command = curlCommand({
    method: 'POST',
    url: 'http://127.0.0.1:8000/v1/hands/classify',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': 'secret-key-0123456789' },
    body: { cards: ['As', "K'd"] },
  });
  assert.ok(command.startsWith("curl -s -X POST 'http://127.0.0.1:8000/v1/hands/classify'"));
  assert.ok(command.includes('-H "X-API-Key: $MAUBINH_API_KEY"'));
  assert.ok(!command.includes('secret-key'));
  assert.ok(command.includes(`-d '{"cards":["As","K'\\''d"]}'`));
  const get = curlCommand({ method: 'GET', url: 'http://h/v1/variants', headers: {} });
  assert.equal(get, "curl -s 'http://h/v1/variants'");
});
