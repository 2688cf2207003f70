/**
 * Jest transform for the Babel-built CommonJS barrels of antd and @ant-design/icons
 * (`antd/lib/index.js`, `@ant-design/icons/lib/index.js`, `.../lib/icons/index.js`).
 *
 * Vite tree-shakes `import { Button } from 'antd'`, but Jest runs the CommonJS barrel, which
 * requires every component (about 1,400 files for antd, 1,700 for the icons) in every spec file:
 * most of a component spec's time went into loading modules it never renders. This rewrites
 * each `var _x = …require("./x")…;` of the barrel into a getter that requires on first use, and
 * every other use of `_x` into a call of that getter; the exports stay the same names with the
 * same values, only loaded when read.
 */
const { sourceTransformer } = require('./source-patch');

const REQUIRE_LINE = /^var (_\w+) = (.*\brequire\((["'])\.{1,2}\/[^"']+\3\).*);$/;

function lazyBarrel(source) {
  const lines = source.split('\n');
  const lazy = new Map(lines.map((line) => REQUIRE_LINE.exec(line)).filter(Boolean).map((m) => [m[1], m[2]]));
  if (lazy.size === 0) return source;
  const reference = new RegExp(`(?<![.\\w$])(${[...lazy.keys()].join('|')})(?![\\w$])`, 'g');
  return lines
    .map((line) => {
      const declaration = REQUIRE_LINE.exec(line);
      if (declaration) {
        const [, name, expression] = declaration;
        return `var ${name}$value; function ${name}$load() { return ${name}$value || (${name}$value = ${expression}); }`;
      }
      // Every other reference (`_button.default`, `Object.keys(_icons)`) reads through the getter.
      return line.replace(reference, '$1$load()');
    })
    .join('\n');
}

module.exports = { ...sourceTransformer(__filename, lazyBarrel), lazyBarrel };
