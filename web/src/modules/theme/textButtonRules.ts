/**
 * CSS rules for an antd text or link button that hold when it is hovered and pressed too, as an
 * inline style did: antd's own hover and active rules of a button variant carry up to six classes
 * (`.ant-btn.ant-btn-color-default.ant-btn-variant-text:not(:disabled):not(.ant-btn-disabled):hover`),
 * so these repeat the component's class four times. For a `createStyles` class:
 * `brand: css(textButtonRules(\`color: ${token.colorPrimary};\`))`.
 */
export function textButtonRules(rules: string): string {
  return `
  &&&&,
  &&&&:not(:disabled):not(.ant-btn-disabled):hover,
  &&&&:not(:disabled):not(.ant-btn-disabled):active {
    ${rules}
  }
`;
}
