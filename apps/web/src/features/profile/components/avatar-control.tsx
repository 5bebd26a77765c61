// The profile picture: the person's photo when they have one, else initials;
// on one's own profile, buttons to change or remove it.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Camera } from 'lucide-react';
import type { Profile } from '@grantbridge/contract/profile';
import { initialsOf } from '../../../lib/format';
import { isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { removeAvatar, uploadAvatar } from '../api/profile-api';
import { profileKey } from '../hooks/use-profile';

export function ProfilePicture({ profile }: { profile: Profile }) {
  return profile.avatarUrl ? (
    <img
      src={profile.avatarUrl}
      alt=""
      width={96}
      height={96}
      className="size-24 shrink-0 rounded-full object-cover ring-4 ring-white shadow"
    />
  ) : (
    <span
      aria-hidden="true"
      className="inline-flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-800 text-3xl font-semibold text-white shadow"
    >
      {initialsOf(profile.name)}
    </span>
  );
}

export function AvatarControl({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: profileKey });
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      await uploadAvatar(file);
      await refresh();
      toast.success('Picture updated');
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'The picture could not be uploaded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 font-semibold text-slate-800 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:bg-slate-50">
        <Camera className="size-4" aria-hidden="true" />
        {profile.avatarUrl ? 'Change picture' : 'Add picture'}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          disabled={busy}
          onChange={(event) => {
            void upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      {profile.avatarUrl ? (
        <button
          type="button"
          disabled={busy}
          className="h-9 rounded-lg px-3 font-semibold text-slate-700 hover:bg-slate-100"
          onClick={() =>
            void removeAvatar()
              .then(refresh)
              .then(() => toast.success('Picture removed'))
              .catch(() => toast.error('The picture could not be removed.'))
          }
        >
          Remove picture
        </button>
      ) : null}
    </div>
  );
}
