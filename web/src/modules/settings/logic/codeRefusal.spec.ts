import { ApiError } from '../../api/apiError';
import { isCodeRefusal } from './codeRefusal';

const http = (status: number, field?: string) => new ApiError({ kind: 'http', status, message: 'x', field });

describe('code refusal', () => {
  it('reads a 401 and a 400 on the code field as a refused code', () => {
    expect(isCodeRefusal(http(401))).toBe(true);
    expect(isCodeRefusal(http(400, 'code'))).toBe(true);
    expect(isCodeRefusal(http(400))).toBe(true);
  });

  it('leaves other failures to their own messages', () => {
    expect(isCodeRefusal(http(400, 'newPassword'))).toBe(false);
    expect(isCodeRefusal(http(403))).toBe(false);
    expect(isCodeRefusal(http(429))).toBe(false);
    expect(isCodeRefusal(new ApiError({ kind: 'network', status: null, message: 'Network error' }))).toBe(false);
    expect(isCodeRefusal(new Error('x'))).toBe(false);
  });
});
