export { formatPhone, formatUsPhoneTyping, phoneHref, usPhoneDigits } from './phone';
export { formatTimestamp, TIMESTAMP_PATTERN, type TimestampInput } from './timestamp';
export { formatZip } from './zip';
