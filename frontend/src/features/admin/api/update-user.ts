import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, User } from '@/types/api';

export type AdminUpdateUserInput = {
  id: string;
  newname: string;
  newphone: string;
  newaddress: string;
  newrole: number;
};

export const adminUpdateUser = ({ id, ...body }: AdminUpdateUserInput) =>
  api.put<Ok<{ message: string; user?: User }>>(`/user/update-user/${encodeURIComponent(id)}`, body);

export const useAdminUpdateUser = () =>
  useInvalidatingMutation({
    mutationFn: adminUpdateUser,
    // An admin editing their own row sees it in the navbar and profile at once, as on /user/profile
    // (the server's copy when it sends one).
    onSuccess: (reply, input) => {
      const auth = useAuthStore.getState();
      if (input.id !== auth._id) return;
      auth.updateUser(
        reply.user ?? { name: input.newname, phone: input.newphone, address: input.newaddress, role: input.newrole },
      );
    },
    invalidates: [queryKeys.users.all],
  });
