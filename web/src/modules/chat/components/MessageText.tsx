import type { ReactElement } from 'react';
import { splitLinks } from '../logic/messageLinks';
import { Highlighted } from './Highlighted';

type MessageTextProps = { text: string; term: string };

/** Message text with web links clickable (http and https only, opened in a new tab) and search matches marked. */
export function MessageText({ text, term }: MessageTextProps): ReactElement {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" style={{ color: 'inherit', textDecoration: 'underline', wordBreak: 'break-all' }}>
            <Highlighted text={part.text} term={term} />
          </a>
        ) : (
          <Highlighted key={index} text={part.text} term={term} />
        ),
      )}
    </>
  );
}
