/**
 * Rooms are keyed by group: a user in two groups has separate rooms per group, so a socket of
 * group A never joins a room group B's events go to.
 */
export const userRoom = (groupId: number, userId: number): string => `g${groupId}:u${userId}`;
export const sessionRoom = (sessionId: string): string => `s:${sessionId}`;
/** Every registered socket of a group: its alerts go there. */
export const groupRoom = (groupId: number): string => `g${groupId}`;
