// Makes the npm package of capi/js in MUS_JS_PACKAGE from the sources here and the WebAssembly
// build in MUS_JS_WASM_DIR (tools/build_wasm.cmake), then packs it (npm pack) into MUS_JS_BUILD:
//   1. the dev dependencies (npm ci) when node_modules is missing;
//   2. package.json, README.md, tsconfig*.json, src/ and the module files copied in;
//   3. tsc twice: esm/ + types/ (browsers, bundlers, workers) and cjs/ (Node);
//   4. node/index.mjs, the ES module entry for Node, re-exporting the CommonJS one (one instance
//      of the module whichever way it is loaded);
//   5. the sizes of mus.wasm (raw and gzip -9) checked against the budget, into sizes.json;
//   6. npm pack.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const wasmDir = process.env.MUS_JS_WASM_DIR;
const out = process.env.MUS_JS_PACKAGE;
const buildDir = process.env.MUS_JS_BUILD ?? dirname(out ?? '.');
if (!wasmDir || !out) {
  console.error('build_package.mjs: set MUS_JS_WASM_DIR and MUS_JS_PACKAGE');
  process.exit(2);
}
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });

// 1. The dev dependencies, exactly as package-lock.json pins them.
if (!existsSync(join(here, 'node_modules', 'typescript', 'bin', 'tsc'))) {
  console.log('capi/js: node_modules missing, running npm ci');
  run('npm', ['ci', '--no-audit', '--no-fund'], here);
}

// 2. The package tree.
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'wasm'), { recursive: true });
for (const f of ['package.json', 'README.md', 'tsconfig.json', 'tsconfig.cjs.json']) cpSync(join(here, f), join(out, f));
cpSync(join(here, 'src'), join(out, 'src'), { recursive: true });
cpSync(join(here, 'wasm-types', 'mus.d.mts'), join(out, 'wasm', 'mus.d.mts'));
for (const f of ['mus.mjs', 'mus.wasm', 'mus_node.cjs']) cpSync(join(wasmDir, f), join(out, 'wasm', f));
// Both links give the same .wasm; the package ships one and the Node glue is given its bytes.
if (!readFileSync(join(wasmDir, 'mus.wasm')).equals(readFileSync(join(wasmDir, 'mus_node.wasm')))) {
  console.error('build_package.mjs: mus.wasm and mus_node.wasm differ; the package ships only mus.wasm');
  process.exit(1);
}

// 3. TypeScript.
const tsc = join(here, 'node_modules', 'typescript', 'bin', 'tsc');
run(process.execPath, [tsc, '-p', join(out, 'tsconfig.json')], out);
run(process.execPath, [tsc, '-p', join(out, 'tsconfig.cjs.json')], out);
writeFileSync(join(out, 'cjs', 'package.json'), '{ "type": "commonjs" }\n');

// 4. The Node ES module entry: the CommonJS entry's names, re-exported.
const names = Object.keys(createRequire(import.meta.url)(join(out, 'cjs', 'index-node.js'))).sort();
mkdirSync(join(out, 'node'), { recursive: true });
writeFileSync(
  join(out, 'node', 'index.mjs'),
  '// The ES module entry for Node: the CommonJS entry re-exported (one module instance).\n' +
    "import lib from '../cjs/index-node.js';\n" +
    `export const { ${names.join(', ')} } = lib;\n` +
    'export default lib;\n',
);

// 5. Sizes against the budget: .wasm <= 300 KB, gzip <= 120 KB (README.md says why).
const wasm = readFileSync(join(out, 'wasm', 'mus.wasm'));
const sizes = {
  wasm: wasm.length,
  wasm_gzip: gzipSync(wasm, { level: 9 }).length,
  mjs: readFileSync(join(out, 'wasm', 'mus.mjs')).length,
  cjs: readFileSync(join(out, 'wasm', 'mus_node.cjs')).length,
};
writeFileSync(join(buildDir, 'sizes.json'), JSON.stringify(sizes, null, 2) + '\n');
console.log(`mus.wasm: ${sizes.wasm} bytes, gzip -9 ${sizes.wasm_gzip} bytes`);
if (sizes.wasm > 300 * 1024 || sizes.wasm_gzip > 120 * 1024) {
  console.error('build_package.mjs: mus.wasm is over its size budget (300 KB, gzip 120 KB)');
  process.exit(1);
}

// 6. The tarball.
rmSync(join(buildDir, `libmus-${JSON.parse(readFileSync(join(here, 'package.json'))).version}.tgz`), { force: true });
run('npm', ['pack', '--pack-destination', buildDir, '--silent'], out);
