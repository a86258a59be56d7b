// Writes src/types/api.gen.ts from the server's OpenAPI document, src/types/openapi.json
// (which crates/http's tests keep equal to the served one). With --check, writes nothing and
// fails when the committed file is not what the document gives.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString, COMMENT_HEADER, UNKNOWN } from 'openapi-typescript';

const document = new URL('../src/types/openapi.json', import.meta.url);
const output = new URL('../src/types/api.gen.ts', import.meta.url);

const ast = await openapiTS(document, {
  transform(_schema, { path }) {
    // Free-form JSON (any value without a NUL) refers to itself, which a TypeScript alias
    // inside `components` cannot.
    if (path === '#/components/schemas/JsonWithoutNul') return UNKNOWN;
    return undefined;
  },
});
const generated = COMMENT_HEADER + astToString(ast);

if (process.argv.includes('--check')) {
  const committed = readFileSync(output, 'utf8');
  if (committed !== generated) {
    console.error('src/types/api.gen.ts is stale: run `npm run gen:api` and commit it.');
    process.exit(1);
  }
} else {
  writeFileSync(output, generated);
}
