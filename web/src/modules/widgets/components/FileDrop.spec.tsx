import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../../../testing/renderWithApp';
import { FileDrop } from './FileDrop';

function dataTransfer(files: File[]): { types: string[]; files: File[]; dropEffect: string } {
  return { types: ['Files'], files, dropEffect: 'none' };
}

const photo = new File(['a'], 'photo.png', { type: 'image/png' });
const scan = new File(['b'], 'scan.pdf', { type: 'application/pdf' });

describe('file drop', () => {
  it("prompts 'Drag a profile photo here', OR a 'Select a File' picker", () => {
    renderWithApp(<FileDrop onFile={jest.fn()} />);
    const area = screen.getByRole('group', { name: 'Drag a profile photo here' });
    expect(area.textContent).toBe('Drag a profile photo hereORSelect a File');
    expect(screen.getByRole('button', { name: 'Select a File' })).toBeTruthy();
  });

  it('highlights while a file is dragged over it and hands each dropped file to the handler', () => {
    const onFile = jest.fn();
    renderWithApp(<FileDrop onFile={onFile} prompt="Drop the license here" />);
    const area = screen.getByRole('group', { name: 'Drop the license here' });
    expect(area.dataset.dragOver).toBe('false');
    fireEvent.dragEnter(area, { dataTransfer: dataTransfer([]) });
    fireEvent.dragOver(area, { dataTransfer: dataTransfer([]) });
    expect(area.dataset.dragOver).toBe('true');
    fireEvent.dragLeave(area);
    expect(area.dataset.dragOver).toBe('false');

    fireEvent.dragEnter(area, { dataTransfer: dataTransfer([]) });
    fireEvent.drop(area, { dataTransfer: dataTransfer([photo, scan]) });
    expect(area.dataset.dragOver).toBe('false');
    expect(onFile.mock.calls.map(([file]) => (file as File).name)).toEqual(['photo.png', 'scan.pdf']);
  });

  it('does not highlight for dragged text', () => {
    renderWithApp(<FileDrop onFile={jest.fn()} />);
    const area = screen.getByRole('group', { name: 'Drag a profile photo here' });
    fireEvent.dragEnter(area, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(area.dataset.dragOver).toBe('false');
  });

  it('hands a picked file to the handler, and only logs an empty pick', async () => {
    const onFile = jest.fn();
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const { user } = renderWithApp(<FileDrop onFile={onFile} accept="image/*" />);
    const input = screen.getByLabelText<HTMLInputElement>('Select a File', { selector: 'input' });
    const click = jest.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Select a File' }));
    expect(click).toHaveBeenCalled();
    await user.upload(input, photo);
    expect(onFile).toHaveBeenCalledWith(photo);
    fireEvent.change(input, { target: { files: [] } });
    expect(log).toHaveBeenCalledWith('No file is selected!');
    expect(onFile).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});
