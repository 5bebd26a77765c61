// No cycle between server modules (issue 26): module A imports B, B imports C
// and C imports A makes three modules one. Type-only imports count too: they
// tie the modules' shapes together just the same. Tests are left out (they may
// build fixtures from any module).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');

function moduleGraph(): Map<string, Set<string>> {
  const modules = fs.readdirSync(modulesDir).filter((m) => fs.statSync(path.join(modulesDir, m)).isDirectory());
  const graph = new Map(modules.map((m) => [m, new Set<string>()]));
  for (const module of modules) {
    const files = fs
      .readdirSync(path.join(modulesDir, module), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const file of files) {
      const source = fs.readFileSync(path.join(modulesDir, module, file), 'utf8');
      for (const [, specifier] of source.matchAll(/from '(\.\.?\/[^']+)'/g)) {
        const target = path.relative(modulesDir, path.resolve(path.dirname(path.join(modulesDir, module, file)), specifier!));
        const other = target.split(path.sep)[0]!;
        if (other !== module && graph.has(other)) graph.get(module)!.add(other);
      }
    }
  }
  return graph;
}

/** Every cycle, each written once from its smallest module name. */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) {
        const cycle = [...trail];
        const first = cycle.indexOf([...cycle].sort()[0]!);
        found.add([...cycle.slice(first), ...cycle.slice(0, first), cycle[first]].join(' → '));
      } else if (!trail.includes(next) && trail.length < 8) walk(start, next, [...trail, next]);
    }
  };
  for (const module of graph.keys()) walk(module, module, [module]);
  return [...found].sort();
}

describe('the modules', () => {
  it('import one another without a cycle', () => {
    const graph = moduleGraph();
    expect(graph.get('notifications')?.size, 'the graph is read').toBeGreaterThan(0);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('keep the pipeline split one way: team → applications → documents (decision 053)', () => {
    const graph = moduleGraph();
    expect(graph.has('pipeline'), 'no pipeline module any more').toBe(false);
    expect([...graph.get('team')!].filter((m) => m === 'applications' || m === 'documents')).toEqual(['applications']);
    expect([...graph.get('applications')!].filter((m) => m === 'team' || m === 'documents')).toEqual(['documents']);
    expect([...graph.get('documents')!].filter((m) => m === 'team' || m === 'applications')).toEqual([]);
  });

  it('would report a cycle (the check itself)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual(['a → b → c → a']);
  });
});
