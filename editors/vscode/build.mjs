// Bundles the extension (and, with --tests, the unit tests) with esbuild.
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';

const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node18', sourcemap: true, logLevel: 'warning' };

if (process.argv.includes('--tests')) {
  const tests = readdirSync('test/unit').filter((f) => f.endsWith('.test.ts'));
  await build({ ...common, entryPoints: tests.map((f) => `test/unit/${f}`), outdir: 'out/test', external: ['vscode', 'vscode-textmate', 'vscode-oniguruma'] });
} else {
  await build({ ...common, entryPoints: ['src/extension.ts'], outfile: 'out/extension.js', external: ['vscode'], minify: true });
}
