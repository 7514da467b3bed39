import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, SettingsBody } from '../../../../../sync/schemas/settings';
import { useToast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api';
import { messageOf } from '../../../lib/api-error';

const KEY = ['admin-settings'] as const;

/** The admin view of the settings: the mail password and SMTP URL only say whether they are set. */
export function useAdminSettings() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<AdminSettings>('/settings', { signal }) });
}

/** The PUT body: the saved settings with one card's changes; secrets left out keep the stored ones. */
export function settingsBody(saved: AdminSettings, patch: Partial<SettingsBody>): SettingsBody {
  return {
    bankingInfo: saved.bankingInfo,
    cryptoInfo: saved.cryptoInfo,
    cashApp: saved.cashApp,
    mail: { name: saved.mail.name },
    whatsApp: saved.whatsApp,
    contact: saved.contact,
    paymentDeadlineHours: saved.paymentDeadlineHours,
    cancellationPenaltyPercent: saved.cancellationPenaltyPercent,
    reviewDeadlineHours: saved.reviewDeadlineHours,
    maxUnpaidBookings: saved.maxUnpaidBookings,
    maxUnpaidSeats: saved.maxUnpaidSeats,
    classFares: saved.classFares,
    ...patch,
  };
}

/** Saves the whole object (spec: PUT /settings takes it whole) and says 'Updated successfully!'. */
export function useSaveSettings(saved: AdminSettings) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: (patch: Partial<SettingsBody>) => api<{ settings: AdminSettings }>('/settings', { method: 'PUT', body: settingsBody(saved, patch) }),
    onSuccess: (answer) => {
      queryClient.setQueryData(KEY, answer.settings);
      toast.success('Updated successfully!');
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  /** Answers whether it saved, so a card can clear its write-only fields. */
  return async (patch: Partial<SettingsBody>) => {
    try {
      await mutation.mutateAsync(patch);
      return true;
    } catch {
      return false;
    }
  };
}
