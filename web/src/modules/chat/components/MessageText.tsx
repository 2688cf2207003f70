import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import { splitLinks } from '../logic/messageLinks';
import { Highlighted } from './Highlighted';

const useStyles = createStyles(({ css }) => ({
  link: css`
    color: inherit;
    text-decoration: underline;
    word-break: break-all;
  `,
}));

type MessageTextProps = { text: string; term: string };

/** Message text with web links clickable (http and https only, opened in a new tab) and search matches marked. */
export function MessageText({ text, term }: MessageTextProps): ReactElement {
  const { styles } = useStyles();
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className={styles.link}>
            <Highlighted text={part.text} term={term} />
          </a>
        ) : (
          <Highlighted key={index} text={part.text} term={term} />
        ),
      )}
    </>
  );
}
