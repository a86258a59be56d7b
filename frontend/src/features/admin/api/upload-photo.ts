import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { StoredPhoto } from '@/types/api';

/** POST /media (multipart, admins): stores a colour's photo as the product's own is stored. */
export const uploadPhoto = (photo: File) => {
  const form = new FormData();
  form.append('photo', photo);
  return api.post<StoredPhoto>('/media', form);
};

/** Nothing to refetch: the photo is the product's only once the product form is saved. */
export const useUploadPhoto = () => useMutation({ mutationFn: uploadPhoto });
