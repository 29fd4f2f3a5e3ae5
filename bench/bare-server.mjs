// The reference: a bare Node http server answering fixed JSON bodies, as fast as Node itself can.
import { createServer } from 'node:http';

const bodies = JSON.parse(process.argv[2]);
const server = createServer((req, res) => {
  const body = bodies[req.url];
  if (body === undefined) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${server.address().port}\n`));
