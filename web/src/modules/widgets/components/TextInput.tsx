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

/** An antd Input of a default width and the given look. */
function sizedInput(name: string, defaultWidth: number, look: 'text' | 'title') {
  const SizedInput = forwardRef<InputRef, SizedInputProps>(function SizedInput({ width = defaultWidth, className, style, ...props }, ref) {
    const { styles, cx } = useStyles();
    // Run time: the width is the caller's.
    return <Input ref={ref} {...props} className={cx(styles[look], className)} style={{ ...style, width }} />;
  });
  SizedInput.displayName = name;
  return SizedInput;
}

/** A text input, 120 px wide by default (widgets spec §9): a short value such as a tab's name. */
export const TextInput = sizedInput('TextInput', TEXT_INPUT_WIDTH_PX, 'text');

/** A title input, 300 px wide by default (widgets spec §9), in the title's larger, bold type: a chat's title. */
export const TitleInput = sizedInput('TitleInput', TITLE_INPUT_WIDTH_PX, 'title');
