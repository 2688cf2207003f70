import { theme } from 'antd';
import type { ReactElement } from 'react';
import { highlightParts } from '../logic/highlight';

type HighlightedProps = { text: string; term: string };

/** Text with the parts matching the search marked. */
export function Highlighted({ text, term }: HighlightedProps): ReactElement {
  const { token } = theme.useToken();
  return (
    <>
      {highlightParts(text, term).map((part, index) =>
        part.match ? (
          <mark key={index} style={{ background: token.colorWarningBg, color: 'inherit', padding: 0, borderRadius: 2 }}>
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
