// Serves the web table: this folder at /, and the built libmus npm package at /libmus/.
//   node examples/web/server.mjs [port] [package dir]
// The package dir defaults to $MUS_JS_PACKAGE, else build-js/capi/js/package (the README's
// `cmake --build build-js --target js_package`). Without a built package there it refuses to
// start and says how to build one: the page would otherwise wait for libmus for ever.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
const pkg = resolve(process.argv[3] ?? process.env.MUS_JS_PACKAGE ?? join(repo, 'build-js', 'capi', 'js', 'package'));
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.json': 'application/json' };

// What the page loads from the package: its browser entry and the WebAssembly module.
const missing = ['esm/index.js', 'wasm/mus.mjs', 'wasm/mus.wasm'].filter((f) => !existsSync(join(pkg, f)));
if (missing.length) {
  console.error(`server.mjs: no built libmus package at ${pkg} (missing ${missing.join(', ')}).\n` +
    'Build it from the repository root (it needs emscripten and node), then start the server again:\n' +
    '  cmake -S . -B build-js -DCMAKE_BUILD_TYPE=Release -DMUS_BUILD_TESTS=OFF\n' +
    '  cmake --build build-js --target js_package\n' +
    '  node examples/web/server.mjs 8080 build-js/capi/js/package\n' +
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
server.listen(port, '127.0.0.1', () => console.log(`web table: http://127.0.0.1:${server.address().port}/ (libmus from ${pkg})`));
