/** 'You have 2 changes not yet sent. Sign out anyway?' */
export function pendingWarning(count: number): string {
  return `You have ${count} ${count === 1 ? 'change' : 'changes'} not yet sent. Sign out anyway?`;
}
