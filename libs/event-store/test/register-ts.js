/**
 * A require hook for child processes spawned by the integration tests: compiles .ts with
 * @swc/core on the fly and resolves the @app/* path aliases, like jest does for the tests.
 * Usage: node -r ./register-ts.js some-script.ts
 */
'use strict';
const Module = require('node:module');
const path = require('node:path');
const fs = require('node:fs');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../..');
const alias = /^@app\/(contracts|event-store|nest-kit|validation|testing)(\/.*)?$/;

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const match = alias.exec(request);
  const target = match ? path.join(root, 'libs', match[1], 'src', match[2] ?? '') : request;
  return resolve.call(this, target, parent, ...rest);
};

require.extensions['.ts'] = function (module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
