// Writes the AsyncAPI 3.0 document of the integration events (generated from libs/contracts)
// to a file: `node dist/scripts/asyncapi.js [out]` (the build writes dist/asyncapi.json).
import { writeFileSync } from 'node:fs';
import { asyncApiDocument, EVENT_CATALOGUE, EVENT_CATALOGUE_VERSION } from '@app/contracts';

const out = process.argv[2] ?? 'dist/asyncapi.json';
writeFileSync(out, `${JSON.stringify(asyncApiDocument(EVENT_CATALOGUE, { version: EVENT_CATALOGUE_VERSION }), null, 2)}\n`);
console.log(`> AsyncAPI document of ${EVENT_CATALOGUE.length} integration events written to ${out}`);
