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
  actAs: {
    all: ['act-as'] as const,
    current: () => [...queryKeys.actAs.all, 'current'] as const,
    users: (params: object) => [...queryKeys.actAs.all, 'users', params] as const,
  },
  /** Every entity of the administration kit. */
  entity: (name: string) => ({
    all: ['entity', name] as const,
    list: (params: object) => ['entity', name, 'list', params] as const,
    item: (ids: readonly string[]) => ['entity', name, 'item', ...ids] as const,
  }),
};
