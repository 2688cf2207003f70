import { createStyles } from 'antd-style';

/**
 * The spacing of the small forms in dialogs and drawers (sign-in, settings, profiles): items
 * closer together than antd's 24 px, and a full-width field with a button beside it. For
 * components that load on demand (antd-style stays out of the first load).
 */
export const useDialogFormStyles = createStyles(({ token, css }) => ({
  /** A form item followed by another. */
  item: css`
    &.ant-form-item {
      margin-bottom: ${token.marginSM}px;
    }
  `,
  /** Anything else among the form items (a checkbox, a row of buttons), spaced as they are. */
  block: css`
    margin-bottom: ${token.marginSM}px;
  `,
  /** The last form item, over the dialog's buttons. */
  lastItem: css`
    &.ant-form-item {
      margin-bottom: ${token.margin}px;
    }
  `,
  /** A form item with a small link under it ('Set/Reset Password HERE', 'Send new code'). */
  itemAboveLink: css`
    &.ant-form-item {
      margin-bottom: ${token.marginXS}px;
    }
  `,
  /** The paragraph holding that link, over the dialog's buttons. */
  linkLine: css`
    &.ant-typography {
      margin-bottom: ${token.margin}px;
    }
  `,
  /** A link button that lines up with the text (no padding). */
  inlineLink: css`
    &.ant-btn {
      padding: 0;
    }
  `,
  /** A small note or hint under the fields. */
  note: css`
    &.ant-typography {
      font-size: ${token.fontSizeSM}px;
    }
  `,
  /** A field and its button (Space.Compact) across the form's width. */
  fullWidth: css`
    width: 100%;
  `,
}));
