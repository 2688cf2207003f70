/** Jest projects: unit specs beside the code (web component specs in jsdom), integration
 * specs against real Postgres and NATS, browser end-to-end specs under e2e/. `npm test` runs all three (scripts/test.mjs). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  // The web imports a few antd modules by path (antd/es/..., ES modules for Vite); Jest runs antd's CommonJS build.
  '^antd/es/(.*)$': 'antd/lib/$1',
  '^@app/(contracts|errors|event-store|grid|nest-kit|validation|testing)$': '<rootDir>/libs/$1/src',
  '^@app/(contracts|errors|event-store|grid|nest-kit|validation|testing)/(.*)$': '<rootDir>/libs/$1/src/$2',
};
/**
 * Barrels of antd and its icons, loaded lazily in the specs (jest/lazy-barrel-transform.js):
 * a spec loads the components it renders, not all of them.
 */
const LAZY_BARRELS = ['antd/lib/index\\.js', '@ant-design/icons/lib/index\\.js', '@ant-design/icons/lib/icons/index\\.js'];
/** antd's style register, whose generated styles the component specs' workers remember (jest/antd-style-memo-transform.js). */
const STYLE_REGISTER = '@ant-design/cssinjs/lib/hooks/useStyleRegister\\.js';
const common = {
  rootDir: __dirname,
  transform: {
    [`/node_modules/(${LAZY_BARRELS.join('|')})$`]: '<rootDir>/jest/lazy-barrel-transform.js',
    [`/node_modules/${STYLE_REGISTER}$`]: '<rootDir>/jest/antd-style-memo-transform.js',
    '^.+\\.(t|j)sx?$': swc,
  },
  // node_modules run as published, except the barrels above.
  transformIgnorePatterns: [`/node_modules/(?!(${[...LAZY_BARRELS, STYLE_REGISTER].join('|')})$)`],
  moduleNameMapper,
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/dist', '<rootDir>/web/dist', '<rootDir>/.data'],
};
module.exports = {
  // Jest takes the time limit from the run, not from a project: scripts/test.mjs runs each level
  // on its own and gives integration and browser specs 120 s (--testTimeout).
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,web,scripts}/**/*.spec.ts'] },
    // Web component specs (*.spec.tsx) are unit specs too, rendered in a DOM (jsdom) with the
    // browser APIs antd needs and jsdom lacks (web/src/testing/setupDom.ts).
    {
      ...common,
      displayName: 'unit',
      testEnvironment: '<rootDir>/jest/jsdom-environment.js',
      testMatch: ['<rootDir>/web/**/*.spec.tsx'],
      setupFilesAfterEnv: ['<rootDir>/web/src/testing/setupDom.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,test}/**/*.int-spec.ts'],
      // The store contract against a real KurrentDB server runs only where one is given (KURRENTDB_URL):
      // none can run on this machine (libs/event-store/README.md); the fake client's run is in the unit lane.
      testPathIgnorePatterns: process.env.KURRENTDB_URL ? ['/node_modules/'] : ['/node_modules/', '/kurrentdb-server\\.int-spec\\.ts$'],
    },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/e2e/**/*.e2e-spec.ts'] },
  ],
};
