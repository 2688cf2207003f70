import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import { highlightParts } from '../logic/highlight';

const useStyles = createStyles(({ token, css }) => ({
  // mark& as well: inside antd Typography, its `.ant-typography mark` rule would win over a bare class.
  mark: css`
    mark& {
      background: ${token.colorWarningBg};
      color: inherit;
      padding: 0;
      border-radius: 2px;
    }
  `,
}));

type HighlightedProps = { text: string; term: string };

/** Text with the parts matching the search marked. */
export function Highlighted({ text, term }: HighlightedProps): ReactElement {
  const { styles } = useStyles();
  return (
    <>
      {highlightParts(text, term).map((part, index) =>
        part.match ? (
          <mark key={index} className={styles.mark}>
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
