import { documentIconKind, fileDisplayName, fileEnding, isAcceptedChatFile, isImageName, refusedChatFileMessage } from './chatFiles';

describe('chat files', () => {
  it('chooses the document icon by ending: word, excel, powerpoint, pdf, text, else generic', () => {
    expect(documentIconKind('Contract.DOCX')).toBe('word');
    expect(documentIconKind('old.doc')).toBe('word');
    expect(documentIconKind('roster.xlsx')).toBe('excel');
    expect(documentIconKind('roster.xls')).toBe('excel');
    expect(documentIconKind('deck.pptx')).toBe('powerpoint');
    expect(documentIconKind('deck.ppt')).toBe('powerpoint');
    expect(documentIconKind('/api/chat/files/abc.pdf?x=1')).toBe('pdf');
    expect(documentIconKind('notes.txt')).toBe('text');
    expect(documentIconKind('archive.zip')).toBe('file');
    expect(documentIconKind('no-ending')).toBe('file');
  });

  it('treats .png, .jpg and .jpeg as images and everything else as documents', () => {
    expect(isImageName('x.png')).toBe(true);
    expect(isImageName('X.JPG')).toBe(true);
    expect(isImageName('https://host/files/a.jpeg#v')).toBe(true);
    expect(isImageName('a.gif')).toBe(false);
    expect(isImageName('a.pdf')).toBe(false);
    expect(fileEnding('a.tar.gz')).toBe('gz');
  });

  it('accepts pdf, doc, docx, xls, xlsx, ppt, pptx, png, jpg and jpeg only', () => {
    for (const name of ['a.pdf', 'a.doc', 'a.docx', 'a.xls', 'a.xlsx', 'a.ppt', 'a.pptx', 'a.png', 'a.jpg', 'A.JPEG']) {
      expect(isAcceptedChatFile(name)).toBe(true);
    }
    for (const name of ['a.exe', 'a.txt', 'a.gif', 'pdf', 'a.pdf.exe']) expect(isAcceptedChatFile(name)).toBe(false);
  });

  it('shows the original file name, else the end of the URL', () => {
    expect(fileDisplayName('/api/files/x1.pdf', 'Board minutes.pdf')).toBe('Board minutes.pdf');
    expect(fileDisplayName('/api/files/My%20File.pdf')).toBe('My File.pdf');
  });
});

describe('refused chat files', () => {
  it('says why a file of another type cannot be sent, and lets the accepted ones through', () => {
    expect(refusedChatFileMessage('notes.txt')).toBe('.txt files cannot be sent. Send PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, PNG, JPG, JPEG files.');
    expect(refusedChatFileMessage('setup.EXE')).toMatch(/^\.exe files cannot be sent/);
    expect(refusedChatFileMessage('README')).toMatch(/^Files without an ending cannot be sent/);
    expect(refusedChatFileMessage('scan.pdf')).toBeNull();
  });
});
