// The office's newsletter composer: title, introduction, audience, the saved
// searches it draws from and grants picked by hand; saved as a draft, then
// previewed (the e-mail as it goes, and how many it goes to) and sent now or
// scheduled.
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Newsletter, NewsletterAudience } from '@grantbridge/contract/newsletters';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { createNewsletter, getAudiences, getSavedSearches, newsletterKeys, previewNewsletter, updateNewsletter } from '../api/newsletters-api';
import { GrantPicker, type PickedGrant } from './grant-picker';
import { NewsletterPreviewPane } from './newsletter-preview-pane';

const audienceValue = (a: NewsletterAudience) => (a.kind === 'everyone' ? 'everyone' : `${a.kind}:${a.name}`);
function audienceOf(value: string): NewsletterAudience {
  if (value.startsWith('department:')) return { kind: 'department', name: value.slice('department:'.length) };
  if (value.startsWith('area:')) return { kind: 'area', name: value.slice('area:'.length) };
  return { kind: 'everyone' };
}

export function NewsletterComposer({ newsletter, onClose }: { newsletter: Newsletter | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [id, setId] = useState(newsletter?.id ?? null);
  const [title, setTitle] = useState(newsletter?.title ?? '');
  const [intro, setIntro] = useState(newsletter?.intro ?? '');
  const [audience, setAudience] = useState(newsletter ? audienceValue(newsletter.audience) : 'everyone');
  const [searchIds, setSearchIds] = useState<string[]>(newsletter?.sources.map((s) => s.savedSearchId) ?? []);
  const [perSearch, setPerSearch] = useState(newsletter?.perSearch ?? 5);
  const [picked, setPicked] = useState<PickedGrant[]>([]);
  const [errors, setErrors] = useState<{ path: string; message: string }[]>([]);
  const [saving, setSaving] = useState(false);
  const audiences = useQuery({ queryKey: newsletterKeys.audiences, queryFn: ({ signal }) => getAudiences(signal) });
  const searches = useQuery({ queryKey: newsletterKeys.savedSearches, queryFn: ({ signal }) => getSavedSearches(signal) });
  const preview = useQuery({
    queryKey: newsletterKeys.preview(id ?? ''),
    queryFn: ({ signal }) => previewNewsletter(id!, signal),
    enabled: id !== null,
  });
  // An existing draft's hand-picked grants, with their titles, from its preview.
  const [pickedLoaded, setPickedLoaded] = useState(!newsletter);
  useEffect(() => {
    if (pickedLoaded || !preview.data || !newsletter) return;
    setPicked(preview.data.grants.filter((g) => newsletter.grantIds.includes(g.id)));
    setPickedLoaded(true);
  }, [pickedLoaded, preview.data, newsletter]);

  const errorOf = (path: string) => errors.find((e) => e.path === path || e.path.startsWith(`${path}.`))?.message;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors([]);
    const body = { title, intro, audience: audienceOf(audience), savedSearchIds: searchIds, grantIds: picked.map((g) => g.id), perSearch };
    try {
      const saved = id ? await updateNewsletter(id, body) : await createNewsletter(body);
      setId(saved.id);
      await queryClient.invalidateQueries({ queryKey: newsletterKeys.office });
      await queryClient.invalidateQueries({ queryKey: newsletterKeys.preview(saved.id) });
      toast.success('Draft saved');
    } catch (error) {
      if (isApiError(error, 'validation_failed') && error.errors.length) setErrors(error.errors);
      else toast.error(isApiError(error) ? error.detail || error.message : 'The draft could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  const toggleSearch = (searchId: string, on: boolean) =>
    setSearchIds((ids) => (on ? [...ids, searchId] : ids.filter((i) => i !== searchId)));

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="p-4 sm:p-6">
        <form onSubmit={(e) => void save(e)} noValidate aria-labelledby="composer-title" className="flex flex-col gap-4">
          <h2 id="composer-title" className="text-lg font-semibold text-slate-900">
            {id ? 'Edit newsletter' : 'New newsletter'}
          </h2>
          {errors.length ? (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              The draft was not saved: {errors.map((e) => e.message).join('; ')}.
            </div>
          ) : null}
          <Field id="newsletter-title" label="Title" required error={errorOf('title')}>
            {(control) => <Input {...control} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />}
          </Field>
          <Field id="newsletter-intro" label="Introduction" optional error={errorOf('intro')} hint="A few lines above the grants. A blank line starts a new paragraph.">
            {(control) => <Textarea {...control} rows={4} value={intro} onChange={(e) => setIntro(e.target.value)} />}
          </Field>
          <Field id="newsletter-audience" label="Audience" error={errorOf('audience')}>
            {(control) => (
              <Select {...control} value={audience} onChange={(e) => setAudience(e.target.value)}>
                <option value="everyone">Everyone ({audiences.data?.everyone ?? '…'} researchers)</option>
                {audiences.data?.departments.length ? (
                  <optgroup label="Department">
                    {audiences.data.departments.map((d) => (
                      <option key={d.name} value={`department:${d.name}`}>
                        {d.name} ({d.people})
                      </option>
                    ))}
                  </optgroup>
                ) : null}
                {audiences.data?.areas.length ? (
                  <optgroup label="Research area">
                    {audiences.data.areas.map((a) => (
                      <option key={a.name} value={`area:${a.name}`}>
                        {a.name} ({a.people})
                      </option>
                    ))}
                  </optgroup>
                ) : null}
              </Select>
            )}
          </Field>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">From your saved searches</legend>
            {searches.data?.savedSearches.length ? (
              searches.data.savedSearches.map((s) => (
                <label key={s.id} className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" className="size-4" checked={searchIds.includes(s.id)} onChange={(e) => toggleSearch(s.id, e.target.checked)} />
                  {s.name}
                  {s.query ? <span className="text-slate-700">“{s.query}”</span> : null}
                </label>
              ))
            ) : (
              <p className="text-sm text-slate-700">You have no saved searches. Save one from Search to draw grants from it.</p>
            )}
            {errorOf('savedSearchIds') ? <p className="text-sm text-red-800">{errorOf('savedSearchIds')}</p> : null}
          </fieldset>
          <Field id="newsletter-per-search" label="Grants from each search" error={errorOf('perSearch')}>
            {(control) => (
              <Select {...control} value={perSearch} onChange={(e) => setPerSearch(Number(e.target.value))}>
                {[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <GrantPicker picked={picked} onChange={setPicked} />
          {errorOf('grantIds') ? <p className="text-sm text-red-800">{errorOf('grantIds')}</p> : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : id ? 'Save and preview' : 'Save draft and preview'}
            </Button>
            <Button type="button" variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </form>
      </Card>
      <NewsletterPreviewPane id={id} preview={preview} status={newsletter?.status ?? 'draft'} onSent={onClose} />
    </div>
  );
}
