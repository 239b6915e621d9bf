// A server-sent events reader for tests and benches: opens `path` with a Bearer token and hands
// out its events in order (`next(name)`), parsed as the browser's EventSource would.

/** Opens the stream; rejects when the answer is not 200 text/event-stream. */
export async function openEventStream(baseUrl, path, token) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (
    res.status !== 200 ||
    !String(res.headers.get('content-type')).startsWith('text/event-stream')
  ) {
    const text = await res.text();
    throw new Error(`stream refused: ${res.status} ${text.slice(0, 200)}`);
  }
  const events = [];
  const waiters = [];
  let buffer = '';
  const dispatch = (block) => {
    let event = 'message';
    const data = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'event') event = value;
      if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    events.push({ event, data: data.join('\n') });
    for (const wake of waiters.splice(0)) wake();
  };
  (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let at;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          dispatch(buffer.slice(0, at));
          buffer = buffer.slice(at + 2);
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    /** The next event named `name` (earlier events of other names are skipped). */
    async next(name, timeoutMs = 3_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const at = events.findIndex((e) => e.event === name);
        if (at >= 0) return events.splice(0, at + 1).at(-1);
        const left = until - Date.now();
        if (left <= 0) throw new Error(`no "${name}" event within ${timeoutMs} ms`);
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close() {
      controller.abort();
    },
  };
}
