// Runs the TextMate grammar over every MLIR .td file LLVM ships: each file
// must end with no region left open (an unclosed [{ }] or string would
// swallow the rest of the file). A regex that backtracks badly shows as the
// test's timeout; the slowest line is printed (wall time on a shared machine
// is too noisy to assert on).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

const mlirInclude = process.env.MLIR_INCLUDE_DIR ?? '/usr/lib/llvm-22/include/mlir';
const grammarFiles: Record<string, string> = {
  'source.tablegen': 'syntaxes/tablegen.tmLanguage.json',
  'source.cpp': 'node_modules/tm-grammars/grammars/cpp.json',
  'source.cpp.embedded.macro': 'node_modules/tm-grammars/grammars/cpp-macro.json',
};

function tdFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? tdFiles(p) : name.endsWith('.td') ? [p] : [];
  });
}

async function loadGrammar(): Promise<vsctm.IGrammar> {
  const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (s: string[]) => new oniguruma.OnigScanner(s), createOnigString: (s: string) => new oniguruma.OnigString(s) }),
    loadGrammar: async (scope) => {
      const file = grammarFiles[scope];
      return file ? vsctm.parseRawGrammar(readFileSync(file, 'utf8'), file) : null;
    },
  });
  const g = await registry.loadGrammar('source.tablegen');
  assert.ok(g, 'grammar loads');
  return g;
}

let haveCorpus = false;
try {
  haveCorpus = statSync(join(mlirInclude, 'IR/OpBase.td')).isFile();
} catch {
  console.log(`SKIP grammar corpus: no MLIR .td files under ${mlirInclude} (install libmlir-22-dev, or set MLIR_INCLUDE_DIR)`);
}

test('every MLIR .td file ends with every region closed', { skip: !haveCorpus && 'no MLIR .td corpus', timeout: 300_000 }, async () => {
  const grammar = await loadGrammar();
  // The first lines compile the grammars' regexes: not part of the timing.
  grammar.tokenizeLine('def A { code c = [{ return $_self; }]; string s = "x"; }', vsctm.INITIAL);
  const files = tdFiles(mlirInclude);
  const unclosed: string[] = [];
  let slowest = { ms: 0, where: '' };
  for (const file of files) {
    let stack = vsctm.INITIAL;
    const lines = readFileSync(file, 'utf8').split(/\r?\n/);
    lines.forEach((line, i) => {
      const t0 = performance.now();
      const r = grammar.tokenizeLine(line, stack);
      const ms = performance.now() - t0;
      if (ms > slowest.ms) slowest = { ms, where: `${file}:${i + 1}` };
      stack = r.ruleStack;
    });
    // At top level the rule stack holds only the grammar's root rule.
    if ((stack as unknown as { depth: number }).depth > 1) {
      unclosed.push(file);
    }
  }
  console.log(`grammar corpus: ${files.length - unclosed.length}/${files.length} files end at top level; slowest line ${slowest.ms.toFixed(1)} ms (${slowest.where})`);
  assert.deepEqual(unclosed, []);
});
