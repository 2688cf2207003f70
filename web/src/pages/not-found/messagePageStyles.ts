import { createStyles } from 'antd-style';

/** A page that is one message (not found, an error): the message in the middle of the space left. */
export const useMessagePageStyles = createStyles(({ css }) => ({
  main: css`
    flex: 1;
    display: flex;
    align-items: center;
    justify-content: center;
  `,
  title: css`
    &.ant-typography {
      margin: 0;
    }
  `,
}));
