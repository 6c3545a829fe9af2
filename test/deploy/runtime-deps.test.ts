import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { ROOT, WORKSPACES, readJson } from './deploy-files.js';

// The image keeps production dependencies only (npm ci --omit=dev): a module the compiled code
// loads at run time must be a `dependencies` entry of some workspace, or the container fails to
// start while every test (which sees the dev dependencies too) passes.

/** Files that end up in the image and run: workspace sources minus tests, and the CLI's bin. */
function runtimeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'testing'].includes(entry.name) ? [] : runtimeFiles(full);
    return /\.(ts|js)$/.test(entry.name) && !/\.test\.ts$|\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Module specifiers a file loads at run time (type-only imports are erased by the compiler). */
function runtimeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)));
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

describe('runtimeImports', () => {
  it('keeps value imports, re-exports and dynamic imports, and drops type-only ones', () => {
    const text = [
      "import a from 'a';",
      "import 'side-effect';",
      "import { type T } from 'types-only';",
      "import type { U } from 'types-only-2';",
      "import { type V, w } from 'mixed';",
      "export { x } from 'reexported';",
      "export type { Y } from 'types-only-3';",
      "const z = await import('lazy');",
    ].join('\n');
    expect(runtimeImports('x.ts', text)).toEqual(['a', 'side-effect', 'mixed', 'reexported', 'lazy']);
  });
});

describe('the production image', () => {
  it('has every package the runtime code imports among the workspaces\' production dependencies', () => {
    const production = new Set(
      WORKSPACES.flatMap((ws) => Object.keys(readJson<{ dependencies?: Record<string, string> }>(`${ws}/package.json`).dependencies ?? {})),
    );
    const workspaceNames = new Set(WORKSPACES.map((ws) => readJson<{ name: string }>(`${ws}/package.json`).name));
    const builtins = new Set(builtinModules);
    const missing: string[] = [];
    for (const ws of WORKSPACES) {
      for (const file of [...runtimeFiles(path.join(ROOT, ws, 'src')), ...runtimeFiles(path.join(ROOT, ws, 'bin'))]) {
        for (const specifier of runtimeImports(file, readFileSync(file, 'utf8'))) {
          if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
          const name = packageName(specifier);
          if (builtins.has(name) || workspaceNames.has(name) || production.has(name)) continue;
          missing.push(`${path.relative(ROOT, file)} imports ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
