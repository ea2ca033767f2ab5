import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The shape every module keeps (DESIGN.md, issue 11): a server module imports another module only
 * through its `<module>.contract.ts`, and no source tree has an import cycle.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverSrc = path.join(repoRoot, 'apps/server/src');
const modulesDir = path.join(serverSrc, 'modules');

type Import = { specifier: string; typeOnly: boolean };

const SOURCE = /\.tsx?$/;

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });

/** Static `import … from` and `export … from` (not `import()`, which loads later and breaks no start-up order). */
const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

const importsOf = (file: string): Import[] => {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(STATIC_IMPORT)].map((m) => ({ specifier: m[3] ?? '', typeOnly: Boolean(m[2]) }));
};

const resolveRelative = (from: string, specifier: string): string | undefined => {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
};

const moduleOf = (file: string, root: string) => {
  const relative = path.relative(root, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
};

/** Paths are shown from the repository root (from the fixture's folder for the fixtures). */
const rootOf = (dir: string) => (dir.startsWith(repoRoot) ? repoRoot : dir);

/** Every import of a module file that reaches into another module past its contract. */
const deepImports = (root = modulesDir) => {
  const found: string[] = [];
  for (const file of sourceFiles(root)) {
    const own = moduleOf(file, root);
    for (const { specifier } of importsOf(file)) {
      const target = resolveRelative(file, specifier);
      const other = target && moduleOf(target, root);
      if (!target || !other || other === own) continue;
      if (path.basename(target) !== `${other}.contract.ts`) {
        found.push(`${path.relative(rootOf(root), file)} -> ${path.relative(rootOf(root), target)}`);
      }
    }
  }
  return found.sort();
};

/** The import cycles among the files of a tree (type-only imports left out), each listed once. */
const importCycles = (root: string) => {
  const files = sourceFiles(root);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    graph.set(
      file,
      importsOf(file)
        .filter((i) => !i.typeOnly)
        .map((i) => resolveRelative(file, i.specifier))
        .filter((t): t is string => t?.startsWith(root) ?? false),
    );
  }
  // Tarjan's strongly connected components: every component of more than one file (or a file that
  // imports itself) holds a cycle.
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    indices.set(file, index);
    low.set(file, index);
    index++;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, indices.get(next) ?? 0));
      }
    }
    if (low.get(file) === indices.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || graph.get(file)?.includes(file)) {
        cycles.push(component.map((f) => path.relative(rootOf(root), f)).sort());
      }
    }
  };
  for (const file of files) if (!indices.has(file)) visit(file);
  return cycles;
};

/**
 * The web's cycle through app/routes.tsx is being removed by another helper; until that is merged
 * the web's cycles are reported (console) instead of failing. Set to true once it is merged.
 */
const WEB_CYCLES_ENFORCED = true;

describe('module boundaries (server)', () => {
  it('lets a module import another module only through its contract', () => {
    expect(deepImports()).toEqual([]);
  });

  it('finds deep imports and cycles in a fixture (the check is not blind)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'architecture-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      write('a/a.service.ts', "import { b } from '../b/b.contract.ts';\nimport { c } from '../b/b.repository.ts';\n");
      write('b/b.contract.ts', "export { c as b } from './b.repository.ts';\n");
      write('b/b.repository.ts', "import type { X } from '../a/a.service.ts';\nimport { y } from './b.y.ts';\n");
      write('b/b.y.ts', "export { b } from './b.contract.ts';\n");
      // A type-only import is a deep import too; it only does not count for cycles.
      expect(deepImports(dir)).toEqual(['a/a.service.ts -> b/b.repository.ts', 'b/b.repository.ts -> a/a.service.ts']);
      expect(importCycles(dir)).toEqual([['b/b.contract.ts', 'b/b.repository.ts', 'b/b.y.ts']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('no import cycles', () => {
  it.each([['apps/server/src'], ['packages/domain/src']])('in %s', (tree) => {
    expect(importCycles(path.join(repoRoot, tree))).toEqual([]);
  });

  it('in apps/web/src', () => {
    const cycles = importCycles(path.join(repoRoot, 'apps/web/src'));
    if (WEB_CYCLES_ENFORCED) expect(cycles).toEqual([]);
    else if (cycles.length > 0)
      console.warn(`import cycles in apps/web/src (not enforced yet): ${JSON.stringify(cycles)}`);
  });
});
