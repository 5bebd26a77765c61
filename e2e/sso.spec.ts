// Campus single sign-on in Chromium (issue 28, decision 057): the demo
// administrator configures OpenID Connect in Settings → Sign-in, and a new
// person signs in through a real OpenID provider started in this test process
// (oidc-provider); then SAML 2.0, through an identity provider that signs its
// assertions with a test key. The password journeys are untouched: the demo
// keeps password sign-in, and SSO is turned off again at the end.
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/test/sso/oidc-provider';
import { startSamlIdp, type TestSamlIdp } from '../apps/server/test/sso/saml-idp';
import { demoAccounts, demoPassword, expect, signInAndLand, test, uniqueMarker } from './fixtures';

test.describe.configure({ mode: 'serial' });

let admin: APIRequestContext;
let institution: { id: string; name: string };
let op: TestOidcProvider;
let idp: TestSamlIdp;

test.beforeAll(async ({ baseURL }) => {
  admin = await playwrightRequest.newContext({ baseURL });
  const login = await admin.post('/api/v1/auth/login', {
    data: { email: demoAccounts.admin, password: demoPassword, role: 'admin' },
  });
  expect(login.status()).toBe(200);
  institution = (await login.json()).user.institution;
  op = await startOidcProvider({
    redirectUris: [`${baseURL}/api/v1/auth/oidc/${institution.id}/callback`],
  });
  idp = await startSamlIdp();
});

test.afterAll(async () => {
  // The demo keeps password sign-in, and other journeys see no SSO offer.
  await admin?.put('/api/v1/admin/institution/sso', {
    data: { enabled: false, protocol: 'saml', passwordSignIn: true },
  });
  await admin?.dispose();
  await op?.close();
  await idp?.close();
});

test('an administrator sets up OpenID Connect, and a new researcher signs in through it', async ({
  page,
  browser,
}) => {
  await signInAndLand(page, demoAccounts.admin, 'admin');
  await page.goto('/admin/settings');
  const section = page.getByRole('region', { name: 'Sign-in' });
  await expect(section).toBeVisible();
  await section.getByLabel('Campus single sign-on is on').check();
  await section.getByLabel('OpenID Connect').check();
  await section.getByLabel('Issuer').fill(op.issuer);
  await section.getByLabel('Client id').fill(op.clientId);
  await section.getByLabel('Client secret').fill(op.clientSecret);
  await section.getByLabel('Create a researcher account on a first campus sign-in').check();
  await section.getByRole('button', { name: 'Save sign-in settings' }).click();
  await expect(page.getByText('Sign-in settings saved')).toBeVisible();
  await expect(section.getByText('A secret is stored; leave empty to keep it.')).toBeVisible();
  await expect(section.getByLabel('Client secret')).toHaveValue('');
  await expect(section.getByText(`/api/v1/auth/oidc/${institution.id}/callback`)).toBeVisible();

  const email = `${uniqueMarker('oidc.')}@example.edu`;
  op.addAccount({ email, name: 'Noor Campus-Oidc' });
  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto('/login');
  await person.getByRole('button', { name: 'Researcher / Professor' }).click();
  await person.getByLabel('Email').fill(email);
  const continueButton = person.getByRole('button', { name: `Continue with ${institution.name}` });
  await expect(continueButton).toBeVisible();
  // The password stays: the demo keeps both.
  await expect(person.getByLabel('Password', { exact: true })).toBeVisible();
  await continueButton.click();
  await expect(
    person.getByRole('heading', { name: 'Test identity provider (OpenID Connect)' }),
  ).toBeVisible();
  await expect(person.getByLabel('Campus e-mail')).toHaveValue(email);
  await person.getByRole('button', { name: 'Sign in at the test provider' }).click();
  // Created just in time: a researcher with no profile yet starts at the setup.
  await expect(person).toHaveURL(/\/dashboard\/setup/);
  const me = await person.request.get('/api/v1/auth/me');
  expect((await me.json()).user).toMatchObject({
    email,
    name: 'Noor Campus-Oidc',
    role: 'researcher',
  });
  await context.close();
});

test('a researcher signs in through SAML 2.0; an address of another institution is refused and explained', async ({
  browser,
}) => {
  const saved = await admin.put('/api/v1/admin/institution/sso', {
    data: {
      enabled: true,
      protocol: 'saml',
      passwordSignIn: true,
      justInTime: true,
      saml: { metadataUrl: idp.metadataUrl },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await saved.json()).sso.saml.idpEntityId).toBe(idp.entityId);

  const email = `${uniqueMarker('saml.')}@example.edu`;
  idp.addAccount({ email, name: 'Sam Campus-Saml', department: 'Physics' });
  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto('/login');
  await person.getByRole('button', { name: 'Researcher / Professor' }).click();
  await person.getByLabel('Email').fill(email);
  await person.getByRole('button', { name: `Continue with ${institution.name}` }).click();
  await expect(
    person.getByRole('heading', { name: 'Test identity provider (SAML)' }),
  ).toBeVisible();
  await person.getByLabel('Campus e-mail').fill(email);
  await person.getByRole('button', { name: 'Sign in at the test provider' }).click();
  await expect(person).toHaveURL(/\/dashboard\/setup/);
  const me = await person.request.get('/api/v1/auth/me');
  expect((await me.json()).user).toMatchObject({
    email,
    name: 'Sam Campus-Saml',
    department: 'Physics',
  });

  await context.close();

  // The provider vouches for an address of another institution: refused, and the sign-in page says why.
  const intruder = `${uniqueMarker('intruder.')}@lakeshore.example.edu`;
  idp.addAccount({ email: intruder });
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto('/login');
  await visitor.getByRole('button', { name: 'Researcher / Professor' }).click();
  await visitor.getByLabel('Email').fill(`${uniqueMarker('someone.')}@example.edu`);
  await visitor.getByRole('button', { name: `Continue with ${institution.name}` }).click();
  await visitor.getByLabel('Campus e-mail').fill(intruder);
  await visitor.getByRole('button', { name: 'Sign in at the test provider' }).click();
  await expect(visitor).toHaveURL(/\/login\?sso_error=email_outside_institution$/);
  await expect(visitor.getByRole('alert')).toContainText(
    'an e-mail address of another institution',
  );
  expect((await (await visitor.request.get('/api/v1/auth/session')).json()).user).toBeNull();
  await other.close();
});
