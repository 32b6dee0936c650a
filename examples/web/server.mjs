// Serves the web table: this folder at /, and the built libmus npm package at /libmus/.
//   node examples/web/server.mjs [port] [package dir]
// The port defaults to $PORT, else 8000 (mus-server's is 8080, so both can run at once); 0
// takes any free port. A port in use (or not allowed) is said in words, not as a stack trace.
// The package dir defaults to $MUS_JS_PACKAGE, else build-js/capi/js/package (the README's
// `cmake --build build-js --target js_package`). Without a built package there it refuses to
// start and says how to build one: the page would otherwise wait for libmus for ever.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const portText = process.argv[2] ?? process.env.PORT ?? '8000';
const port = Number(portText);
const pkg = resolve(process.argv[3] ?? process.env.MUS_JS_PACKAGE ?? join(repo, 'build-js', 'capi', 'js', 'package'));
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.json': 'application/json' };

if (!/^\d+$/.test(portText) || port > 65535) {
  console.error(`server.mjs: the port must be a number 0..65535 (0: any free one), not '${portText}'\n` +
    'usage: node examples/web/server.mjs [port] [package dir]');
  process.exit(2);
}

// What the page loads from the package: its browser entry and the WebAssembly module.
const missing = ['esm/index.js', 'wasm/mus.mjs', 'wasm/mus.wasm'].filter((f) => !existsSync(join(pkg, f)));
if (missing.length) {
  console.error(`server.mjs: no built libmus package at ${pkg} (missing ${missing.join(', ')}).\n` +
    'Build it from the repository root (it needs emscripten and node), then start the server again:\n' +
    '  cmake -S . -B build-js -DCMAKE_BUILD_TYPE=Release -DMUS_BUILD_TESTS=OFF\n' +
    '  cmake --build build-js --target js_package\n' +
    '  node examples/web/server.mjs 8000 build-js/capi/js/package\n' +
    `(the package dir is the second argument, else $MUS_JS_PACKAGE, else ${relative(process.cwd(), join(repo, 'build-js', 'capi', 'js', 'package')) || '.'})`);
  process.exit(1);
}

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
server.on('error', (e) => {
  const why = {
    EADDRINUSE: 'is in use (mus-server, from scripts/serve.sh, listens on 8080 by default; is another server running?)',
    EACCES: 'needs privileges this user does not have (ports below 1024)',
  }[e.code] ?? `cannot be used: ${e.message}`;
  console.error(`server.mjs: port ${port} on 127.0.0.1 ${why}.\n` +
    `Stop the program that holds it, or give another port: node examples/web/server.mjs 0 ${process.argv[3] ?? ''}`.trimEnd() + ' (0: any free one)');
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => console.log(`web table: http://127.0.0.1:${server.address().port}/ (libmus from ${pkg})`));
