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

type TextKey = { [K in keyof Draft]: Draft[K] extends string ? K : never }[keyof Draft];

/** One text setting of the draft: its label, hint and the server's error for it. */
function DraftText({
  draft,
  set,
  name,
  id,
  label,
  hint,
  error,
  optional,
  type,
  multiline,
}: {
  draft: Draft;
  set: (key: TextKey, value: string) => void;
  name: TextKey;
  id: string;
  label: string;
  hint?: string;
  error?: string;
  optional?: boolean;
  type?: 'url' | 'password';
  multiline?: boolean;
}) {
  return (
    <Field id={id} label={label} optional={optional} hint={hint} error={error}>
      {(aria) =>
        multiline ? (
          <Textarea
            rows={4}
            value={draft[name]}
            onChange={(e) => set(name, e.target.value)}
            {...aria}
          />
        ) : (
          <Input
            type={type}
            autoComplete={type === 'password' ? 'off' : undefined}
            value={draft[name]}
            onChange={(e) => set(name, e.target.value)}
            {...aria}
          />
        )
      }
    </Field>
  );
}

/** The attributes (SAML) or claims (OIDC) that give a person's e-mail, name and department. */
const attributeFields = [
  { name: 'emailAttribute', id: 'sso-attr-email', label: 'E-mail', of: 'email' },
  { name: 'nameAttribute', id: 'sso-attr-name', label: 'Name', of: 'name' },
  { name: 'departmentAttribute', id: 'sso-attr-department', label: 'Department', of: 'department' },
] as const;

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
                <DraftText
                  draft={draft}
                  set={set}
                  name="metadataUrl"
                  id="sso-metadata-url"
                  label="Identity provider metadata URL"
                  type="url"
                  optional
                  error={errors['saml.metadataUrl']}
                />
                <DraftText
                  draft={draft}
                  set={set}
                  name="metadataXml"
                  id="sso-metadata-xml"
                  label="Or the metadata XML"
                  multiline
                  optional
                  hint="Pasted XML is used when both are given."
                  error={errors['saml.metadataXml']}
                />
              </>
            ) : (
              <>
                <DraftText
                  draft={draft}
                  set={set}
                  name="issuer"
                  id="sso-issuer"
                  label="Issuer"
                  type="url"
                  hint="e.g. https://login.microsoftonline.com/<tenant>/v2.0"
                  error={errors['oidc.issuer']}
                />
                <DraftText
                  draft={draft}
                  set={set}
                  name="clientId"
                  id="sso-client-id"
                  label="Client id"
                  error={errors['oidc.clientId']}
                />
                <DraftText
                  draft={draft}
                  set={set}
                  name="clientSecret"
                  id="sso-client-secret"
                  label="Client secret"
                  type="password"
                  hint={
                    settings.data?.oidc.clientSecretSet
                      ? 'A secret is stored; leave empty to keep it.'
                      : undefined
                  }
                  error={errors['oidc.clientSecret']}
                />
              </>
            )}

            <fieldset className="space-y-3">
              <legend className="text-sm font-medium text-slate-900">
                {draft.protocol === 'saml' ? 'Attributes' : 'Claims'} (empty: the default)
              </legend>
              {attributeFields.map((field) => (
                <DraftText
                  key={field.id}
                  draft={draft}
                  set={set}
                  name={field.name}
                  id={field.id}
                  label={field.label}
                  optional
                  hint={`Default: ${defaults[draft.protocol][field.of]}`}
                />
              ))}
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
