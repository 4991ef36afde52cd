import { describe, expect, it } from 'vitest';
import { matchPath } from './route.ts';

describe('matchPath', () => {
  it('reads the parameters of a matching path', () => {
    expect(matchPath('/forms/:id/:token', '/forms/12/ab%20c')).toEqual({ id: '12', token: 'ab c' });
    expect(matchPath('/book/online-v2', '/book/online-v2/')).toEqual({});
  });
  it('refuses other paths', () => {
    expect(matchPath('/forms/:id/:token', '/forms/12')).toBeNull();
    expect(matchPath('/book/online', '/book/online-v2')).toBeNull();
  });
  it('matches everything with *', () => {
    expect(matchPath('*', '/anything')).toEqual({});
  });
});
