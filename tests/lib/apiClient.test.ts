import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../../src/lib/apiClient';
import { makeStore } from '../../src/store/store';
import { server } from '../msw/server';
import { adminUser, signedInSession } from '../utils/fixtures';

function echoAuthorization() {
  server.use(
    http.get('*/api/echo', ({ request }) =>
      HttpResponse.json({ authorization: request.headers.get('authorization') }),
    ),
  );
}

describe('apiClient', () => {
  it('sends the default visitor token when nobody is signed in', async () => {
    makeStore();
    echoAuthorization();
    const { data } = await apiClient.get<{ authorization: string }>('/echo');
    expect(data.authorization).toBe('Bearer visitor-token-for-tests');
  });

  it("sends the signed-in user's JWT instead of the default token", async () => {
    const session = signedInSession(adminUser, ['ROLE_ADMIN']);
    const jwt = session.token;
    makeStore({ session });
    echoAuthorization();
    const { data } = await apiClient.get<{ authorization: string }>('/echo');
    expect(data.authorization).toBe(`Bearer ${jwt}`);
  });

  it('leaves a request that brings its own Authorization header alone', async () => {
    makeStore();
    echoAuthorization();
    const { data } = await apiClient.get<{ authorization: string }>('/echo', {
      headers: { Authorization: 'Bearer own' },
    });
    expect(data.authorization).toBe('Bearer own');
  });

  it('rejects a failed response with the response body', async () => {
    makeStore();
    server.use(
      http.get('*/api/fails', () =>
        HttpResponse.json(
          { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } },
          { status: 403 },
        ),
      ),
    );
    await expect(apiClient.get('/fails')).rejects.toMatchObject({
      status: 403,
      name: 'ForbiddenError',
      message: 'Forbidden',
    });
  });

  it('rejects with "Wrong Services" when there is no response', async () => {
    makeStore();
    server.use(http.get('*/api/down', () => HttpResponse.error()));
    await expect(apiClient.get('/down')).rejects.toMatchObject({
      status: null,
      message: 'Wrong Services',
    });
  });
});

describe('apiClient skipAuth', () => {
  it('sends no Authorization header at all, not even one the caller set', async () => {
    makeStore({ session: signedInSession(adminUser, ['ROLE_ADMIN']) });
    echoAuthorization();
    const { data } = await apiClient.get<{ authorization: string | null }>('/echo', {
      skipAuth: true,
      headers: { Authorization: 'Bearer own' },
    });
    expect(data.authorization).toBeNull();
  });
});
