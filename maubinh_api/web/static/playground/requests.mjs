/* A request as the page shows it and as a curl command: pure functions (tests/web/js/requests.test.mjs). */

export function shellQuote(text) {
  return "'" + text.split("'").join("'\\''") + "'";
}

/** The same request as a curl command; the key is read from $MAUBINH_API_KEY, never copied. */
export function curlCommand(entry) {
  const parts = ['curl -s ' + (entry.method === 'GET' ? '' : '-X ' + entry.method + ' ') + shellQuote(entry.url)];
  for (const name of Object.keys(entry.headers)) {
    if (name === 'X-API-Key') parts.push('-H "X-API-Key: $MAUBINH_API_KEY"');
    else parts.push('-H ' + shellQuote(name + ': ' + entry.headers[name]));
  }
  if (entry.body !== undefined) parts.push('-d ' + shellQuote(JSON.stringify(entry.body)));
  return parts.join(' \\\n  ');
}
