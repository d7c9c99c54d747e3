// Tool schemas every client can take, by our own rule, stricter than the MCP Inspector's schema
// portability check (which test/e2e/schema-portability.test.ts runs over the built server): no `type`
// array, and no union with null (an anyOf/oneOf branch `{"type": "null"}`), which the Inspector does
// not flag. The schemas are the stdio server's tools/list, in process (helpers/in-process.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '../helpers/connection.js';
import { connectInProcess } from '../helpers/in-process.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is data, not a schema: never walked. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example', 'required', 'title', 'description', '$comment']);
/** Keywords whose value maps names to schemas: the names are not keywords. */
const NAMED_SCHEMAS = new Set(['properties', 'patternProperties', 'dependentSchemas', 'dependencies', '$defs', 'definitions']);

/**
 * Our own rule, stricter than the Inspector's: no `type` array anywhere, and no union with null (an
 * anyOf/oneOf branch whose type is "null", or that is `{"const": null}`). Walks every subschema,
 * whatever keyword holds it. One line per problem, with its path.
 */
function nullableUnions(schema: unknown, at: string): string[] {
  const problems: string[] = [];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, `${path}[${index}]`));
      return;
    }
    if (!isObject(node)) return;
    if (Array.isArray(node.type)) problems.push(`${path}: "type" is an array ${JSON.stringify(node.type)}`);
    for (const keyword of ['anyOf', 'oneOf']) {
      const branches = node[keyword];
      if (!Array.isArray(branches)) continue;
      branches.forEach((branch, index) => {
        if (isObject(branch) && (branch.type === 'null' || (Object.hasOwn(branch, 'const') && branch.const === null))) {
          problems.push(`${path}.${keyword}[${index}]: a union with null (${JSON.stringify(branch)})`);
        }
      });
    }
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key)) continue;
      if (NAMED_SCHEMAS.has(key) && isObject(value)) {
        for (const [name, sub] of Object.entries(value)) walk(sub, `${path}.${key}.${name}`);
      } else {
        walk(value, `${path}.${key}`);
      }
    }
  };
  walk(schema, at);
  return problems;
}

let mcp: Connection;

beforeAll(async () => {
  mcp = await connectInProcess({});
});

afterAll(async () => {
  await mcp?.close();
});

describe('no type arrays and no unions with null', () => {
  it('catches both, at any depth, and nothing in a schema without them', () => {
    const schema = {
      type: 'object',
      properties: {
        type: { type: 'string', enum: ['a', null], default: { type: ['x', 'y'] } },
        list: { type: 'array', items: { type: ['string', 'null'] } },
        maybe: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        either: { oneOf: [{ type: 'number' }, { const: null, description: 'none' }] },
        nested: { $defs: { inner: { anyOf: [{ type: 'null' }, { type: 'integer' }] } }, allOf: [{ type: ['number', 'string'] }] },
      },
    };
    expect(nullableUnions(schema, 'outputSchema')).toEqual([
      'outputSchema.properties.list.items: "type" is an array ["string","null"]',
      'outputSchema.properties.maybe.anyOf[1]: a union with null ({"type":"null"})',
      'outputSchema.properties.either.oneOf[1]: a union with null ({"const":null,"description":"none"})',
      'outputSchema.properties.nested.$defs.inner.anyOf[0]: a union with null ({"type":"null"})',
      'outputSchema.properties.nested.allOf[0]: "type" is an array ["number","string"]',
    ]);
    expect(
      nullableUnions({ type: 'object', properties: { id: { type: 'string' }, n: { anyOf: [{ type: 'string' }, { type: 'number' }] } } }, 'inputSchema'),
    ).toEqual([]);
  });

  it('finds neither in any tool schema from tools/list', async () => {
    const { tools } = await mcp.client.listTools();
    const problems = tools.flatMap((tool) => [
      ...nullableUnions(tool.inputSchema, `${tool.name} inputSchema`),
      ...nullableUnions(tool.outputSchema, `${tool.name} outputSchema`),
    ]);
    expect(problems, 'Type arrays or unions with null; fix these schemas').toEqual([]);
  });
});
