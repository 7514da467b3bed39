import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthResponse, User } from '../../../sync/schemas/user';
import { useToast } from '../components/ui/use-toast';
import { api } from './api';
import { ApiError, hasCode } from './api-error';
import { clearAuthToken, readAuthToken, storeAuthToken, subscribeAuthToken } from './auth-token';
import { cachedUser, forgetUser, rememberUser } from './cached-user';

export type SignupInput = { fullName: string; email: string; password: string };

export type AuthState = {
  user: User | null;
  /** True while the profile of a stored token is being fetched. */
  loading: boolean;
  login: (email: string, password: string) => Promise<User>;
  signup: (input: SignupInput) => Promise<User>;
  /** Clears the token and the user, then goes to /login. */
  logout: () => void;
  /** Adopts a fresh session, for example the one a password change answers. */
  applySession: (session: AuthResponse) => User;
};

const AuthContext = createContext<AuthState | null>(null);

const meKey = (token: string | null) => ['me', token] as const;

async function fetchMe({ signal }: { signal: AbortSignal }): Promise<User> {
  const user = await api<User>('/users', { signal });
  rememberUser(user);
  return user;
}

type AuthProviderProps = { children: ReactNode; onSignedOut: () => void };

export function AuthProvider({ children, onSignedOut }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeAuthToken, readAuthToken, () => null);
  const me = useQuery({
    queryKey: meKey(token),
    queryFn: fetchMe,
    enabled: token !== null,
    staleTime: 5 * 60_000,
    // NOTE: the last profile seen on this device shows at once and stays when the network is down.
    initialData: () => cachedUser(token),
    initialDataUpdatedAt: 0,
    // NOTE: a 401 already dropped the token inside api(); other 4xx will not heal by retrying.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });

  const toast = useToast();
  // Offline or with the server out of reach the device's copy shows and the sync banner says so: no toast.
  const profileFailed = me.isError && !hasCode(me.error, 'unauthorized', 'network');
  useEffect(() => {
    if (profileFailed) toast.error('Failed to fetch user profile');
  }, [profileFailed, toast]);

  const applySession = useCallback(
    (session: AuthResponse) => {
      // The profile goes in first, so the new token never shows a loading state.
      queryClient.setQueryData(meKey(session.token), session.user);
      rememberUser(session.user);
      storeAuthToken(session.token);
      return session.user;
    },
    [queryClient],
  );

  const login = useCallback(
    async (email: string, password: string) => applySession(await api<AuthResponse>('/auths/login', { method: 'POST', body: { email, password } })),
    [applySession],
  );

  const signup = useCallback(
    async (input: SignupInput) => applySession(await api<AuthResponse>('/auths/register', { method: 'POST', body: input })),
    [applySession],
  );

  const logout = useCallback(() => {
    clearAuthToken();
    forgetUser();
    queryClient.removeQueries({ queryKey: ['me'] });
    onSignedOut();
  }, [queryClient, onSignedOut]);

  const user = token === null ? null : (me.data ?? null);
  const loading = token !== null && me.isPending;
  const value = useMemo(() => ({ user, loading, login, signup, logout, applySession }), [user, loading, login, signup, logout, applySession]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error('useAuth needs an AuthProvider');
  return state;
}
