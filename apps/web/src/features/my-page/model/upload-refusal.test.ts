import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/shared/api/http.ts';
import { uploadRefusal } from './upload-refusal.ts';

// A refused upload says why (issue 38: a PDF the server refused was "Upload failed, try again").
describe('uploadRefusal', () => {
  const refused = (body: unknown) => new ApiError('Bad Request', 400, body);

  it('knows the API’s upload messages by their start', () => {
    const wrongType = {
      Bad: true,
      Message: 'Validation failed',
      Errors: [
        {
          Field: 'file',
          Message: 'Only pdf, jpeg or png files are accepted (judged by the file’s content, not its name)',
        },
      ],
    };
    expect(uploadRefusal(refused(wrongType))).toEqual({ key: 'type' });
    expect(
      uploadRefusal(refused({ Errors: [{ Message: 'The file is larger than 20,971,520 bytes' }] })),
    ).toEqual({ key: 'size' });
    expect(uploadRefusal(refused({ Message: 'An application holds at most 50 documents' }))).toEqual({
      key: 'tooMany',
    });
  });

  it('shows any other refusal in the server’s words, and nothing without an answer', () => {
    expect(uploadRefusal(refused({ Message: 'Application is archived' }))).toEqual({
      text: 'Application is archived',
    });
    expect(uploadRefusal(new TypeError('Failed to fetch'))).toBeNull();
    expect(uploadRefusal(refused(undefined))).toBeNull();
    expect(uploadRefusal(refused({ Message: 'Validation failed' }))).toBeNull();
  });
});
