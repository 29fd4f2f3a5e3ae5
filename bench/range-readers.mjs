// A load generator of its own process: N keep-alive readers, each asking for random ranges of one file for a fixed
// time and reading every body to its end. Prints one JSON line: bytes, requests, seconds.
// Usage: node range-readers.mjs <url> <fileSize> <rangeBytes> <readers> <seconds> [headers JSON]
import { Agent, request } from 'node:http';

const [url, fileSizeArg, rangeArg, readersArg, secondsArg, headersArg] = process.argv.slice(2);
const fileSize = Number(fileSizeArg);
const rangeBytes = Number(rangeArg);
const readers = Number(readersArg);
const seconds = Number(secondsArg);
const extraHeaders = headersArg ? JSON.parse(headersArg) : {};
const agent = new Agent({ keepAlive: true, maxSockets: readers, maxFreeSockets: readers });

let bytes = 0;
let requests = 0;
const started = performance.now();
const deadline = started + seconds * 1000;

function one() {
  const start = Math.floor(Math.random() * (fileSize - rangeBytes + 1));
  const end = start + rangeBytes - 1;
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { ...extraHeaders, range: `bytes=${start}-${end}` } }, (res) => {
      if (res.statusCode !== 206 || res.headers['content-range'] !== `bytes ${start}-${end}/${fileSize}`) {
        res.resume();
        reject(new Error(`${url}: status ${res.statusCode}, Content-Range ${res.headers['content-range']}, wanted bytes ${start}-${end}/${fileSize}`));
        return;
      }
      let got = 0;
      res.on('data', (chunk) => (got += chunk.length));
      res.on('end', () => {
        if (got !== rangeBytes) reject(new Error(`${url}: body of ${got} bytes, wanted ${rangeBytes}`));
        else {
          bytes += got;
          requests += 1;
          resolve();
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function reader() {
  while (performance.now() < deadline) await one();
}

try {
  await Promise.all(Array.from({ length: readers }, reader));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  process.stdout.write(JSON.stringify({ bytes, requests, seconds: elapsed }) + '\n');
} catch (e) {
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
}
