/** Query keys of every module, from one factory: mutations invalidate exactly what they change. */
export const queryKeys = {
  account: {
    all: ['account'] as const,
    current: () => [...queryKeys.account.all, 'current'] as const,
    sessions: () => [...queryKeys.account.all, 'sessions'] as const,
  },
  themes: {
    all: ['themes'] as const,
  },
};
