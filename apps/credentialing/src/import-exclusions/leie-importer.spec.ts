import { copyTextChunk, splitLeieLine } from './leie-importer';

describe("the LEIE importer's COPY text", () => {
  it('turns CRLF, LF and lone CR line ends into LF, one row per physical line as readline reads them', () => {
    expect(copyTextChunk('"A","B"\r\n"C"\r"D"\n', true).text).toBe('"A","B"\n"C"\n"D"\n');
  });

  it('keeps a CR that ends a chunk for the next one (half of a CRLF)', () => {
    const first = copyTextChunk('"A"\r', false);
    expect(first).toEqual({ text: '"A"', carry: '\r' });
    expect(copyTextChunk(`${first.carry}\n"B"\r\n`, false).text).toBe('\n"B"\n');
    expect(copyTextChunk('\r', true).text).toBe('\n');
  });

  it("escapes backslashes and tabs for COPY's text format and drops NULs", () => {
    expect(copyTextChunk('"A\\B","C\tD","\\."\0\n', true).text).toBe('"A\\\\B","C\\tD","\\\\."\n');
  });
});

describe('splitLeieLine', () => {
  it("splits OIG's fully quoted lines at once, anything else with csv-parse, and null for a broken line", () => {
    expect(splitLeieLine('"SMITH","JOHN",""')).toEqual(['SMITH', 'JOHN', '']);
    expect(splitLeieLine('SMITH,"JOHN, JR",x')).toEqual(['SMITH', 'JOHN, JR', 'x']);
    expect(splitLeieLine('"O""BRIEN","PAT"')).toEqual(['O"BRIEN', 'PAT']);
    expect(splitLeieLine('"BROKEN"QUOTE","X"')).toBeNull();
  });
});
