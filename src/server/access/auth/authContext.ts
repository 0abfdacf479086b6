/** Who is calling: set on every request by the auth plugin, null when there is no valid session. */
export interface ReadModeScope {
  viewId: number;
  menuId: number;
  /** The one screen a share-link viewer may open, as 'area/screen'. */
  screen: string;
  /**
   * When `screen` is a group's extra screen: the activities of the product screens its widgets'
   * data comes from (sharedExtraScreen.ts), which its data calls are opened with.
   */
  sources?: readonly string[];
}

export interface AuthContext {
  sessionId: string;
  userId: number;
  /** Chosen group (tenant); null until the user selects one. */
  groupId: number | null;
  /** Screen permissions ('stock/kpi', ...) the user's role grants in the group. */
  activities: ReadonlySet<string>;
  readMode: ReadModeScope | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
