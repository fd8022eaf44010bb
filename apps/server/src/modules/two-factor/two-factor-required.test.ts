import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { PASSWORD_TEXT } from '@keurwijzer/shared/account';
import { TEXT } from '@keurwijzer/shared/texts';
import { PASSWORD } from '../../test/factories';
import { TWO_FACTOR_TEXT } from '@keurwijzer/shared/two-factor';
import { TWO_FACTOR_SETUP_ROUTES } from '../../plugins/access';
import { useTestApp } from '../../test/use-test-app';

/** TWO_FACTOR_REQUIRED_FOR_EMPLOYEES: employees reach only the two-factor setup until it is on. */
const t = useTestApp({ signIn: false, app: () => ({ env: { TWO_FACTOR_REQUIRED_FOR_EMPLOYEES: 'true' } }) });

describe('compulsory two-factor sign-in for employees', () => {
  it('an employee without it is told so and gets 403 everywhere but the setup, who-am-I and logout', async () => {
    const { client } = await t.signIn('admin');
    const me = await client.get('/api/authorized');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ two_factor_enabled: false, two_factor_setup_required: true });
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', '/api/customers'],
      ['GET', '/api/malfunctions'],
      ['POST', '/api/change-password'],
      ['POST', '/api/2fa/disable'],
      ['POST', '/api/2fa/recovery-codes'],
    ] as const) {
      const res = await client.request(method, url, method === 'POST' ? { body: {} } : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(TWO_FACTOR_TEXT.setupRequired);
    }
    // A method-override twin is refused too.
    const twin = await client.post('/api/users/1', { body: { _method: 'PUT' }, as: 'form' });
    expect(twin.statusCode).toBe(403);
    // Without the CSRF token it is still 419 first.
    expect((await client.post('/api/change-password', { body: {}, csrf: false })).statusCode).toBe(419);

    // Setting it up works; then everything is open again.
    const setup = await client.post('/api/2fa/setup');
    expect(setup.statusCode).toBe(200);
    const secret = (setup.json().data.secret as string).replace(/\s/g, '');
    const enable = await client.post('/api/2fa/enable', {
      body: { code: await generate({ secret }), password: PASSWORD },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    expect((await client.get('/api/users')).statusCode).toBe(200);
    expect((await client.get('/api/authorized')).json().data.two_factor_setup_required).toBe(false);
  });

  it('allows exactly the setup, who-am-I and logout', async () => {
    expect([...TWO_FACTOR_SETUP_ROUTES].sort()).toEqual(
      [
        'GET /api/authorized',
        'HEAD /api/authorized',
        'POST /api/2fa/enable',
        'POST /api/2fa/setup',
        'POST /api/logout',
      ].sort(),
    );
    const { client } = await t.signIn('mechanic');
    expect((await client.post('/api/logout')).statusCode).toBe(200);
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
  });

  it('with a password change an admin required too: two-factor first, then the password', async () => {
    const { client } = await t.signIn('mechanic', { passwordChangeRequired: true });
    const me = (await client.get('/api/authorized')).json().data;
    expect(me).toMatchObject({ two_factor_setup_required: true, password_change_required: true });
    const change = await client.post('/api/change-password', { body: {} });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe(TWO_FACTOR_TEXT.setupRequired);

    const setup = await client.post('/api/2fa/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = (setup.json().data.secret as string).replace(/\s/g, '');
    expect(
      (await client.post('/api/2fa/enable', { body: { code: await generate({ secret }), password: PASSWORD } }))
        .statusCode,
    ).toBe(200);
    const blocked = await client.get('/api/profile');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(PASSWORD_TEXT.changeRequired);
    const res = await client.post('/api/change-password', {
      body: { current_password: PASSWORD, password: 'Fietsbel-Kano7!', password_confirmation: 'Fietsbel-Kano7!' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.get('/api/profile')).statusCode).toBe(200);
  });

  it('leaves customer users alone', async () => {
    const { client } = await t.signIn('customer');
    const me = await client.get('/api/authorized');
    expect(me.json().data.two_factor_setup_required).toBe(false);
    const res = await client.get('/api/machines');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a visitor still gets 401, not 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(TEXT.unauthenticated);
  });
});
