// npm run demo tours every tool the server lists: the steps written for the first questions, then each
// other tool with the first example of its description. So every tool's first example must be one the
// tool accepts, or a new tool would fail the tour instead of showing in it.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exampleArguments } from '../../src/demo/tour.js';
import { TOOLS } from '../../src/tools/catalog.js';

describe('the demo tour', () => {
  it.each(TOOLS.map((tool) => [tool.name, tool] as const))("%s: its description's first example is arguments it accepts", (_name, tool) => {
    const args = exampleArguments(tool.description);
    expect(args, `${tool.name}'s description must end with "Examples: {...}"`).toBeDefined();
    const parsed = z.object(tool.inputSchema).strict().safeParse(args);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('reads the first example, and nothing from a description without one', () => {
    expect(exampleArguments('Does a thing.\nExamples: {} · {"period":"last_month"}')).toEqual({});
    expect(exampleArguments('Does a thing.\nExamples: {"reference":"000000481-2026"} · {"reference":"RCL-7KQ2-M9XD"}')).toEqual({
      reference: '000000481-2026',
    });
    expect(exampleArguments('Does a thing.\nExample: {"page":2}')).toEqual({ page: 2 });
    expect(exampleArguments('Does a thing.')).toBeUndefined();
    expect(exampleArguments('Examples: [1] · {}')).toBeUndefined();
    expect(exampleArguments('Examples: status=open')).toBeUndefined();
  });
});
