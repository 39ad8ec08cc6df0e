// The ceiling for the benchmark: a bare node:http server that answers each path with the exact
// bytes (status, content type, body) captured from the real site, doing no other work.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const responses = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const table = new Map(
  Object.entries(responses).map(([path, r]) => [path, { status: r.status, type: r.contentType, body: Buffer.from(r.bodyBase64, 'base64') }]),
);

const server = createServer((req, res) => {
  const hit = table.get(req.url);
  if (!hit) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(hit.status, { 'content-type': hit.type, 'content-length': hit.body.length });
  res.end(hit.body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`LISTENING ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
