import { Input, type InputProps, type InputRef } from 'antd';
import { createStyles } from 'antd-style';
import { forwardRef } from 'react';
import { TEXT_INPUT_WIDTH_PX, TITLE_INPUT_WIDTH_PX } from '../constants/widgetConstants';

const useStyles = createStyles(({ token, css }) => ({
  text: css`
    max-width: 100%;
  `,
  title: css`
    && {
      max-width: 100%;
      font-size: ${token.fontSizeLG}px;
      font-weight: ${token.fontWeightStrong};
    }
  `,
}));

type SizedInputProps = Omit<InputProps, 'width'> & {
  /** Its width (px, or any CSS width); the widget's default otherwise. Never wider than its container. */
  width?: number | string;
};

/** A text input, 120 px wide by default (widgets spec §9): a short value such as a tab's name. */
export const TextInput = forwardRef<InputRef, SizedInputProps>(function TextInput({ width = TEXT_INPUT_WIDTH_PX, className, style, ...props }, ref) {
  const { styles, cx } = useStyles();
  // Run time: the width is the caller's.
  return <Input ref={ref} {...props} className={cx(styles.text, className)} style={{ ...style, width }} />;
});

/** A title input, 300 px wide by default (widgets spec §9), in the title's larger, bold type: a chat's title. */
export const TitleInput = forwardRef<InputRef, SizedInputProps>(function TitleInput({ width = TITLE_INPUT_WIDTH_PX, className, style, ...props }, ref) {
  const { styles, cx } = useStyles();
  // Run time: the width is the caller's.
  return <Input ref={ref} {...props} className={cx(styles.title, className)} style={{ ...style, width }} />;
});
