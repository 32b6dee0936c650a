// Serves the web table: this folder at /, and the built libmus npm package at /libmus/.
//   node examples/web/server.mjs [port] [package dir]
// The package dir defaults to $MUS_JS_PACKAGE, else build/capi/js/package (the ctest build).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
const pkg = resolve(process.argv[3] ?? process.env.MUS_JS_PACKAGE ?? join(here, '..', '..', 'build', 'capi', 'js', 'package'));
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.json': 'application/json' };

const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const [root, rest] = path.startsWith('/libmus/') ? [pkg, path.slice(8)] : [here, path === '/' ? 'index.html' : path.slice(1)];
  const file = join(root, normalize(rest).replace(/^(\.\.[/\\])+/, ''));
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
server.listen(port, '127.0.0.1', () => console.log(`web table: http://127.0.0.1:${server.address().port}/ (libmus from ${pkg})`));
