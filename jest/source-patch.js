/**
 * What the jest patches of third-party code share (jest/jsdom-environment.js,
 * jest/lazy-barrel-transform.js, jest/antd-style-memo-transform.js).
 */
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');

/**
 * A change of one file of a dependency that must apply: code that differs fails here, naming the
 * patch, the file and the pattern, not slowly or silently.
 */
function patched(content, filename, pattern, replacement, patch = 'jest') {
  if (!content.match(pattern)) throw new Error(`jest/${patch}: ${filename} is not the code this patches (${pattern}); update the patch.`);
  return content.replace(pattern, replacement);
}

/**
 * A jest transformer that rewrites a file's source with `rewrite(source, filename)`; its cache key
 * is the transform's own file, the file's name and its source (an edited transform re-runs).
 */
function sourceTransformer(transformFile, rewrite) {
  const ownSource = readFileSync(transformFile, 'utf8');
  return {
    process(source, filename) {
      return { code: rewrite(source, filename) };
    },
    getCacheKey(source, filename) {
      return createHash('sha256').update(ownSource).update('\0').update(filename).update('\0').update(source).digest('hex');
    },
  };
}

module.exports = { patched, sourceTransformer };
