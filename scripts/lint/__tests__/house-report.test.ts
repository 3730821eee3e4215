// The figures of `npm run report:house` that are computed from texts: the functions measured by
// the TypeScript parser, the written layers read from the architecture page, the rooms, and the
// imports that break a rule the checker does not enforce yet.
import { describe, expect, test } from 'vitest';
import { arrowsUp, largestFiles, largestFunctions, rooms, writtenLayers } from '../house-report';

describe('house report', () => {
  test('measures declarations, methods and const arrow functions from their start to their closing brace', () => {
    const source = [
      "import { x } from './x';", // 1
      '/** Not counted: the doc comment. */', // 2
      'export function outer(): number {', // 3
      '  const inner = () => {', // 4
      '    return 1;', // 5
      '  };', // 6
      '  return inner();', // 7
      '}', // 8
      'class Shelf {', // 9
      '  count() { return 1; }', // 10
      '}', // 11
      'let reassigned = () => 1;', // 12: not a const
      'const view = (label: string) => (', // 13
      '  <p>', // 14
      '    {label} é', // 15
      '  </p>', // 16
      ');', // 17
    ].join('\n');
    expect(largestFunctions([{ file: 'lib/shelf.tsx', source }], 10)).toEqual([
      { where: 'lib/shelf.tsx:3 outer', lines: 6 },
      { where: 'lib/shelf.tsx:13 view', lines: 5 },
      { where: 'lib/shelf.tsx:4 inner', lines: 3 },
      { where: 'lib/shelf.tsx:10 Shelf.count', lines: 1 },
    ]);
    expect(largestFunctions([{ file: 'lib/shelf.tsx', source }], 1)).toHaveLength(1);
  });

  test('counts a file by its lines, the final newline ending the last one', () => {
    expect(
      largestFiles(
        [
          { file: 'a.ts', source: 'a\nb\n' },
          { file: 'b.ts', source: 'a\nb\nc' },
          { file: 'c.ts', source: '' },
        ],
        2,
      ),
    ).toEqual([
      { where: 'b.ts', lines: 3 },
      { where: 'a.ts', lines: 2 },
    ]);
  });

  test('reads the written layers from the first cells of the layers table', () => {
    const markdown =
      '# Architecture\n\n## Layers and folders\n\nText.\n\n| Layer | Folders |\n|---|---|\n| Routing | `app/` |\n| UI | `components/` |\n\n### Import rules\n\n| Files in | Never import |\n|---|---|\n| `lib/` | `app/` |\n';
    expect(writtenLayers(markdown)).toEqual(['Routing', 'UI']);
  });

  test('counts each folder holding a file once', () => {
    expect(rooms(['lib/a.ts', 'lib/b.ts', 'lib/x/c.ts', 'app/page.tsx'])).toEqual(['app', 'lib', 'lib/x']);
  });

  test('counts an import that breaks a written-only rule, and one that breaks both kinds once', () => {
    const arrows = arrowsUp(
      [
        { file: 'lib/shelf/a.ts', source: "import { db } from '@/lib/db';\nimport { x } from '@/components/x';" },
        { file: 'lib/shelf/b.ts', source: "import { q } from '@/lib/queue/enqueue-job';" },
      ],
      [{ from: 'lib/shelf/', never: ['lib/db/', 'components/'], why: 'shelves stand alone' }],
    );
    expect(arrows).toEqual([
      'lib/shelf/a.ts imports components/x (lib/ never imports the React tree or the routes)',
      'lib/shelf/a.ts imports lib/db (shelves stand alone)',
    ]);
  });
});
