export { SAMPLE_DATA_HINT, SAMPLE_DATA_TEXT, SampleDataTag } from './SampleDataTag';
