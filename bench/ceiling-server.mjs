// The ceiling for the benchmark: a bare node:http server that answers each path with the exact
// bytes captured from the real site (status, headers such as Content-Type, Content-Encoding,
// ETag and the security headers, and the body as sent, compressed when the site compressed it),
// doing no other work.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const responses = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const table = new Map(
  Object.entries(responses).map(([path, r]) => {
    const body = Buffer.from(r.bodyBase64, 'base64');
    return [path, { status: r.status, headers: { ...r.headers, 'content-length': body.length }, body }];
  }),
);

const server = createServer((req, res) => {
  const hit = table.get(req.url);
  if (!hit) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(hit.status, hit.headers);
  res.end(hit.body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`LISTENING ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
