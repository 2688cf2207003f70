/**
 * Jest transform for `@ant-design/cssinjs/lib/hooks/useStyleRegister.js`: the style a component
 * registers is looked up in a memo kept by the jsdom environment for the whole jest worker
 * (jest/jsdom-environment.js), before antd generates it.
 *
 * antd's CSS-in-JS generates a component's style from the theme token the first time the
 * component mounts and forgets it when the last one unmounts, so every test of every spec file
 * generated the styles of every component again: about a tenth of a component spec's CPU time.
 * The memo's key is the key antd caches the style under itself (the token's hash, the
 * component's path, the hash id) with the rest of the register's options; what is memoised is
 * the generated text. The style is still inserted into each spec's document as before, so
 * computed styles (visibility, role queries) read the same rules.
 */
const { patched, sourceTransformer } = require('./source-patch');

const CACHE_FN_START = /(function \(\) \{\s*var cachePath = fullPath\.join\('\|'\);)/;
const CACHE_FN_RETURN = /return \[styleStr, tokenKey, styleId, effectStyle, clientOnly, order\];/;
const PATCH = 'antd-style-memo-transform.js';

function memoised(source, filename) {
  const looksUp = patched(
    source,
    filename,
    CACHE_FN_START,
    `$1
      var styleMemo = globalThis.__antdStyleMemo;
      var styleMemoKey = styleMemo && [cachePath, hashId, hashPriority, enableLayer && layer ? layer.name : '', clientOnly, order, transformers ? transformers.length : 0, linters ? linters.length : 0].join('\\u0000');
      var remembered = styleMemo && !(0, _cacheMapUtil.existPath)(cachePath) && styleMemo.get(styleMemoKey);
      if (remembered) return [remembered[0], tokenKey, remembered[1], Object.assign({}, remembered[2]), clientOnly, order];`,
    PATCH,
  );
  return patched(
    looksUp,
    filename,
    CACHE_FN_RETURN,
    `if (styleMemo) styleMemo.set(styleMemoKey, [styleStr, styleId, Object.assign({}, effectStyle)]);
      $&`,
    PATCH,
  );
}

module.exports = { ...sourceTransformer(__filename, memoised), memoised };
