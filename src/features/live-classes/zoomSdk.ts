// The one door to the Zoom Meeting SDK (Component view). The SDK (several MB, its own React 18)
// is imported dynamically, so it lands in a chunk of its own that only the room (/zoom/…) loads;
// tests replace this module with a double (vi.mock).
import type { InitOptions, JoinOptions } from '@zoom/meetingsdk/embedded';

/** What the room uses of a Component-view client. */
export interface ZoomRoomClient {
  init(options: InitOptions): Promise<unknown>;
  join(options: JoinOptions): Promise<unknown>;
}

export interface ZoomSdk {
  createClient(): ZoomRoomClient;
}

export async function loadZoomSdk(): Promise<ZoomSdk> {
  const { default: ZoomMtgEmbedded } = await import('@zoom/meetingsdk/embedded');
  return ZoomMtgEmbedded;
}
