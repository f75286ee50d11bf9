// @vitest-environment node
/**
 * The media gate's pure parts (server/features/products/mediaAccess.ts): which paths it guards, which decoded
 * paths can be a stored file (no traversal), and where the token is read from.
 */
import { describe, expect, it } from 'vitest';
import {
  MISSING_TOKEN,
  isMediaPath,
  mediaSegments,
  requestToken,
} from '../../server/features/products/mediaAccess';

describe('isMediaPath: everything express would serve from the /multimedia mount', () => {
  it('matches the prefix in any case, followed by a slash or the end', () => {
    for (const path of [
      '/multimedia',
      '/multimedia/',
      '/multimedia/A/b.png',
      '/MultiMedia/A/b.png',
      '/multimedia//x',
    ])
      expect(isMediaPath(path), path).toBe(true);
    for (const path of ['/', '/multimediax/a', '/api/multimedia/a', '//multimedia/a', '/multimedia.png'])
      expect(isMediaPath(path), path).toBe(false);
  });
});

describe('mediaSegments', () => {
  it('decodes a folder and a file', () => {
    expect(mediaSegments('/multimedia/SKU-1/800x600_SKU-1.png')).toEqual(['SKU-1', '800x600_SKU-1.png']);
    expect(mediaSegments('/multimedia/SKU%201/foto%20lateral.png')).toEqual(['SKU 1', 'foto lateral.png']);
    expect(mediaSegments('/multimedia/A/sub/b.png')).toEqual(['A', 'sub', 'b.png']);
  });

  it('refuses traversal, encoded separators, empty segments, folders alone and bad encoding', () => {
    for (const path of [
      '/multimedia',
      '/multimedia/',
      '/multimedia/SKU',
      '/multimedia/SKU/',
      '/multimedia/../secret',
      '/multimedia/%2e%2e/secret',
      '/multimedia/%2E%2E/x',
      '/multimedia/SKU/%2e/x.png',
      '/multimedia/SKU/..',
      '/multimedia/SKU%2f..%2f..%2fsecret',
      '/multimedia/SKU/..%5csecret',
      '/multimedia/SKU//x.png',
      '/multimedia/SKU/%00.png',
      '/multimedia/SKU/%E0%A4%A',
      '/other/SKU/x.png',
    ]) {
      expect(mediaSegments(path), path).toBeUndefined();
    }
  });
});

describe('requestToken', () => {
  it('reads the Bearer header first, else one access_token parameter', () => {
    expect(requestToken('Bearer aa.bb.cc', '/multimedia/A/b.png?access_token=zz')).toBe('aa.bb.cc');
    expect(requestToken(undefined, '/multimedia/A/b.png?access_token=aa.bb.cc')).toBe('aa.bb.cc');
    expect(requestToken(undefined, '/multimedia/A/b.png?x=1&access_token=a%2Bb')).toBe('a+b');
  });

  it('401 without a token, with an empty or repeated parameter, or a malformed header', () => {
    const status = (auth: string | undefined, url: string) => {
      try {
        requestToken(auth, url);
        return 0;
      } catch (err) {
        return (err as { statusCode?: number }).statusCode;
      }
    };
    expect(() => requestToken(undefined, '/multimedia/A/b.png')).toThrow(MISSING_TOKEN);
    expect(status(undefined, '/multimedia/A/b.png?access_token=')).toBe(401);
    expect(status(undefined, '/multimedia/A/b.png?access_token=a&access_token=b')).toBe(401);
    expect(status('Basic abc', '/multimedia/A/b.png?access_token=a')).toBe(401);
  });
});
