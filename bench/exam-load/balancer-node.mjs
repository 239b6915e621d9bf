// `--balancer=node`: the bench's fallback when nginx is not installed. A process of its own that
// forwards each HTTP/1.1 request to the server process with the fewest requests in flight (nginx's
// least_conn), over keep-alive connections, streaming bodies both ways. Same distribution as the
// nginx config in balancer.mjs; it costs more CPU per request than nginx (the bench prints the
// balancer's CPU apart, so that cost is not counted as the servers').
//   node bench/exam-load/balancer-node.mjs <listen port> <upstream port>...
import http from 'node:http';

const [listen, ...ports] = process.argv.slice(2).map(Number);
const upstreams = ports.map((port) => ({
  port,
  inFlight: 0,
  agent: new http.Agent({ keepAlive: true, maxSockets: 1024, maxFreeSockets: 512 }),
}));

const pick = () => upstreams.reduce((best, u) => (u.inFlight < best.inFlight ? u : best));

const server = http.createServer((req, res) => {
  const up = pick();
  up.inFlight += 1;
  let done = false;
  const finish = () => {
    if (!done) {
      done = true;
      up.inFlight -= 1;
    }
  };
  const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
  delete headers.connection;
  const out = http.request(
    {
      host: '127.0.0.1',
      port: up.port,
      method: req.method,
      path: req.url,
      headers,
      agent: up.agent,
    },
    (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
      upRes.on('end', finish);
      upRes.on('error', finish);
    },
  );
  out.on('error', () => {
    finish();
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(out);
});
server.keepAliveTimeout = 65_000;
server.listen(listen, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
