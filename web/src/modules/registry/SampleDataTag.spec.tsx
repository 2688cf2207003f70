import { screen } from '@testing-library/react';
import { renderWithApp } from '../../testing/renderWithApp';
import { SAMPLE_DATA_TEXT, SampleDataTag } from './SampleDataTag';

describe('SampleDataTag', () => {
  it("shows 'Sample registry data' when the answer says sampleData", () => {
    renderWithApp(<SampleDataTag show />);
    expect(screen.getByText(SAMPLE_DATA_TEXT)).toBeTruthy();
    expect(SAMPLE_DATA_TEXT).toBe('Sample registry data');
  });

  it('shows nothing for the real registry or an answer without the flag', () => {
    renderWithApp(<SampleDataTag show={false} />);
    renderWithApp(<SampleDataTag show={undefined} />);
    expect(screen.queryByText(SAMPLE_DATA_TEXT)).toBeNull();
  });
});
