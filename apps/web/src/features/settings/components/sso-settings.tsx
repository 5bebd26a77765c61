// Settings → Sign-in (administrators): the institution's campus single sign-on
// (decision 057). SAML 2.0 takes the identity provider's metadata (URL or XML);
// OpenID Connect its issuer, client id and secret. The secret is never shown
// back: the server answers only whether one is stored.
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { SsoProtocol, SsoSettings } from '@grantbridge/contract/sso';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { LoadingState } from '../../../components/ui/loading-state';
import { isApiError } from '../../../lib/api-client';
import { getSsoSettings, saveSsoSettings, ssoSettingsKey } from '../api/sso-api';

type Draft = {
  enabled: boolean;
  protocol: SsoProtocol;
  passwordSignIn: boolean;
  justInTime: boolean;
  emailAttribute: string;
  nameAttribute: string;
  departmentAttribute: string;
  metadataUrl: string;
  metadataXml: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
};

function draftOf(s: SsoSettings): Draft {
  return {
    enabled: s.enabled,
    protocol: s.protocol,
    passwordSignIn: s.passwordSignIn,
    justInTime: s.justInTime,
    emailAttribute: s.attributes.email ?? '',
    nameAttribute: s.attributes.name ?? '',
    departmentAttribute: s.attributes.department ?? '',
    metadataUrl: s.saml.metadataUrl ?? '',
    metadataXml: s.saml.metadataXml ?? '',
    issuer: s.oidc.issuer ?? '',
    clientId: s.oidc.clientId ?? '',
    clientSecret: '',
  };
}

const defaults = {
  saml: { email: 'mail, then eduPersonPrincipalName', name: 'displayName', department: 'ou' },
  oidc: { email: 'email', name: 'name', department: 'none' },
};

function Check({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="size-4 rounded border-slate-400 accent-brand-800"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}

export function SsoSettingsSection() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ssoSettingsKey,
    queryFn: ({ signal }) => getSsoSettings(signal),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data && !draft) setDraft(draftOf(settings.data));
  }, [settings.data, draft]);

  const save = useMutation({
    mutationFn: (d: Draft) =>
      saveSsoSettings({
        enabled: d.enabled,
        protocol: d.protocol,
        passwordSignIn: d.passwordSignIn,
        justInTime: d.justInTime,
        attributes: {
          email: d.emailAttribute || null,
          name: d.nameAttribute || null,
          department: d.departmentAttribute || null,
        },
        saml: { metadataUrl: d.metadataUrl || null, metadataXml: d.metadataXml || null },
        oidc: {
          issuer: d.issuer || null,
          clientId: d.clientId || null,
          clientSecret: d.clientSecret || null,
        },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ssoSettingsKey, saved);
      setDraft(draftOf(saved));
      setErrors({});
      toast.success('Sign-in settings saved');
    },
    onError: (error) => {
      if (isApiError(error, 'validation_failed') && error.errors.length) {
        setErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.message])));
      } else {
        toast.error('The sign-in settings could not be saved. Please try again.');
      }
    },
  });

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => (d ? { ...d, [key]: value } : d));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (draft) save.mutate(draft);
  };

  return (
    <section id="sign-in" aria-labelledby="sign-in-heading" className="scroll-mt-20">
      <Card className="p-6">
        <h2 id="sign-in-heading" className="text-lg font-semibold text-slate-900">
          Sign-in
        </h2>
        <p className="mt-1 mb-5 text-sm text-slate-700">
          Let your institution&rsquo;s people sign in with their campus account: SAML 2.0
          (Shibboleth, InCommon) or OpenID Connect (Microsoft Entra ID, Okta, Google Workspace).
        </p>
        {settings.isPending || !draft ? (
          settings.isError ? (
            <p className="text-sm text-red-700">We couldn&rsquo;t load the sign-in settings.</p>
          ) : (
            <LoadingState label="Loading sign-in settings…" />
          )
        ) : (
          <form
            noValidate
            onSubmit={onSubmit}
            className="space-y-5"
            aria-labelledby="sign-in-heading"
          >
            <Check
              id="sso-enabled"
              label="Campus single sign-on is on"
              checked={draft.enabled}
              onChange={(v) => set('enabled', v)}
            />
            <fieldset>
              <legend className="text-sm font-medium text-slate-900">Protocol</legend>
              <div className="mt-2 flex gap-6">
                {(['saml', 'oidc'] as const).map((p) => (
                  <label key={p} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="radio"
                      name="sso-protocol"
                      value={p}
                      checked={draft.protocol === p}
                      onChange={() => set('protocol', p)}
                      className="accent-brand-800"
                    />
                    {p === 'saml' ? 'SAML 2.0' : 'OpenID Connect'}
                  </label>
                ))}
              </div>
            </fieldset>

            {draft.protocol === 'saml' ? (
              <>
                <Field
                  id="sso-metadata-url"
                  label="Identity provider metadata URL"
                  optional
                  error={errors['saml.metadataUrl']}
                >
                  {(aria) => (
                    <Input
                      type="url"
                      value={draft.metadataUrl}
                      onChange={(e) => set('metadataUrl', e.target.value)}
                      {...aria}
                    />
                  )}
                </Field>
                <Field
                  id="sso-metadata-xml"
                  label="Or the metadata XML"
                  optional
                  hint="Pasted XML is used when both are given."
                  error={errors['saml.metadataXml']}
                >
                  {(aria) => (
                    <Textarea
                      rows={4}
                      value={draft.metadataXml}
                      onChange={(e) => set('metadataXml', e.target.value)}
                      {...aria}
                    />
                  )}
                </Field>
              </>
            ) : (
              <>
                <Field
                  id="sso-issuer"
                  label="Issuer"
                  error={errors['oidc.issuer']}
                  hint="e.g. https://login.microsoftonline.com/<tenant>/v2.0"
                >
                  {(aria) => (
                    <Input
                      type="url"
                      value={draft.issuer}
                      onChange={(e) => set('issuer', e.target.value)}
                      {...aria}
                    />
                  )}
                </Field>
                <Field id="sso-client-id" label="Client id" error={errors['oidc.clientId']}>
                  {(aria) => (
                    <Input
                      value={draft.clientId}
                      onChange={(e) => set('clientId', e.target.value)}
                      {...aria}
                    />
                  )}
                </Field>
                <Field
                  id="sso-client-secret"
                  label="Client secret"
                  error={errors['oidc.clientSecret']}
                  hint={
                    settings.data?.oidc.clientSecretSet
                      ? 'A secret is stored; leave empty to keep it.'
                      : undefined
                  }
                >
                  {(aria) => (
                    <Input
                      type="password"
                      autoComplete="off"
                      value={draft.clientSecret}
                      onChange={(e) => set('clientSecret', e.target.value)}
                      {...aria}
                    />
                  )}
                </Field>
              </>
            )}

            <fieldset className="space-y-3">
              <legend className="text-sm font-medium text-slate-900">
                {draft.protocol === 'saml' ? 'Attributes' : 'Claims'} (empty: the default)
              </legend>
              <Field
                id="sso-attr-email"
                label="E-mail"
                optional
                hint={`Default: ${defaults[draft.protocol].email}`}
              >
                {(aria) => (
                  <Input
                    value={draft.emailAttribute}
                    onChange={(e) => set('emailAttribute', e.target.value)}
                    {...aria}
                  />
                )}
              </Field>
              <Field
                id="sso-attr-name"
                label="Name"
                optional
                hint={`Default: ${defaults[draft.protocol].name}`}
              >
                {(aria) => (
                  <Input
                    value={draft.nameAttribute}
                    onChange={(e) => set('nameAttribute', e.target.value)}
                    {...aria}
                  />
                )}
              </Field>
              <Field
                id="sso-attr-department"
                label="Department"
                optional
                hint={`Default: ${defaults[draft.protocol].department}`}
              >
                {(aria) => (
                  <Input
                    value={draft.departmentAttribute}
                    onChange={(e) => set('departmentAttribute', e.target.value)}
                    {...aria}
                  />
                )}
              </Field>
            </fieldset>

            <Check
              id="sso-jit"
              label="Create a researcher account on a first campus sign-in (without an invitation)"
              checked={draft.justInTime}
              onChange={(v) => set('justInTime', v)}
            />
            <div>
              <Check
                id="sso-password"
                label="Password sign-in is allowed"
                checked={draft.passwordSignIn}
                onChange={(v) => set('passwordSignIn', v)}
              />
              {errors.passwordSignIn ? (
                <p className="mt-1 text-sm text-red-700">{errors.passwordSignIn}</p>
              ) : null}
            </div>

            {settings.data ? (
              <div className="rounded-lg bg-slate-50 p-4 text-sm text-slate-800">
                <p className="font-medium">Give your identity provider:</p>
                {draft.protocol === 'saml' ? (
                  <dl className="mt-2 space-y-1 break-all">
                    <div>
                      <dt className="inline font-medium">Service provider metadata: </dt>
                      <dd className="inline">{settings.data.serviceProvider.metadataUrl}</dd>
                    </div>
                    <div>
                      <dt className="inline font-medium">Entity ID: </dt>
                      <dd className="inline">{settings.data.serviceProvider.entityId}</dd>
                    </div>
                    <div>
                      <dt className="inline font-medium">ACS (HTTP-POST): </dt>
                      <dd className="inline">{settings.data.serviceProvider.acsUrl}</dd>
                    </div>
                  </dl>
                ) : (
                  <dl className="mt-2 break-all">
                    <dt className="inline font-medium">Redirect URI: </dt>
                    <dd className="inline">{settings.data.serviceProvider.oidcRedirectUri}</dd>
                  </dl>
                )}
              </div>
            ) : null}

            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save sign-in settings'}
            </Button>
          </form>
        )}
      </Card>
    </section>
  );
}
